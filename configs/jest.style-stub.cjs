// What a stylesheet import resolves to in tests (see jest.base.cjs).
module.exports = {};
