/** `activate` for a new account, `setpassword` after a password reset. */
export type ActivateMode = 'activate' | 'setpassword';
