export const greet = (n: string) => "Hi " + n;
