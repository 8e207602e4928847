export const id = (x) => x;
