// Small helpers shared across the app.

export function clamp(value, min, max) {
  return Math.min(Math.max(value, min), max);
}

export const capitalize = (text) =>
  text.charAt(0).toUpperCase() + text.slice(1);

export function pad(text, width) {
  return (' '.repeat(width) + text).slice(-width);
}

export function sum(values) {
  return values.reduce((a, b) => a + b, 0);
}

export const first = (items) => items[0];
export const last = (items) => items[items.length - 1];

export function range(n) {
  return Array.from({ length: n }, (_, i) => i);
}
