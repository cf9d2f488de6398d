/** Asymmetric algorithms only (RFC 9449 §4.3; node-oidc-provider's default list plus RSA-PSS/RS256 and P-384). */
export const DPOP_ALGORITHMS = ['ES256', 'ES384', 'EdDSA', 'Ed25519', 'PS256', 'RS256'] as const;
