/** The first of `size` consecutive ports free now on 127.0.0.1, below the ephemeral range. */
export function freePortBlock(size: number): Promise<number>;
