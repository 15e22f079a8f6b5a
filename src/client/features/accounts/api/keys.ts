/** A link's token is checked once per token: the token is the key. */
export const accountsKeys = {
  emailVerification: (token: string | null) => ["/api/auth/verify-email", token] as const,
  resetToken: (token: string | null) => ["/api/auth/verify-reset-token", token] as const,
};
