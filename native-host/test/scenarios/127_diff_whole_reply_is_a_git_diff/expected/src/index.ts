import { clampNumber } from './math';

console.log(clampNumber(5, 0, 3));
