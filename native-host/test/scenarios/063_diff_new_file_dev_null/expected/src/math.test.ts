import { clamp } from './math';

if (clamp(5, 0, 3) !== 3) {
  throw new Error('clamp is broken');
}
