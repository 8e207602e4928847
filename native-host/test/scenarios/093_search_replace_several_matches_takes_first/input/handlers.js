function onSave() {
  validate();
  persist();
}

function onLoad() {
  validate();
  render();
}
