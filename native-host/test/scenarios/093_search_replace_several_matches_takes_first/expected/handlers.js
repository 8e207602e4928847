function onSave() {
  console.debug('validating');
  validate();
  persist();
}

function onLoad() {
  validate();
  render();
}
