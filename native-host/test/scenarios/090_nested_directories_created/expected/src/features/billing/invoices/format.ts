export const formatCents = (c: number) => `$${(c / 100).toFixed(2)}`;
