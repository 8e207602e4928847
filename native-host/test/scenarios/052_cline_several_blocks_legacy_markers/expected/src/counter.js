export class Counter {
  constructor(start = 0) {
    this.count = start;
    this.start = start;
  }

  increment() {
    this.count += 1;
  }

  reset() {
    this.count = this.start;
  }
}
