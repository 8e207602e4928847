export class Counter {
  constructor() {
    this.count = 0;
  }

  increment(step = 1) {
    this.count += step;
  }

  reset() {
    this.count = 0;
  }
}
