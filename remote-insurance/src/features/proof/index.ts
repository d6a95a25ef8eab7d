// The proof of cover as a policy card offers it.
export { canProveCover } from './api/create-proof';
export { ProofOfCover } from './components/proof-of-cover';
