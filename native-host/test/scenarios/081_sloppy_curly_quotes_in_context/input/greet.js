function greet(name) {
  const msg = "Hello, " + name;
  console.log(msg);
}
