export const unused = 1;
export const alsoUnused = 2;
