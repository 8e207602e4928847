export const ANSWER = 42;
