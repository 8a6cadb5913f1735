// jsdom has <dialog> but not its modal methods; the app's one confirm dialog calls them. Tests that
// open it install these: "open" is set and removed as a browser would (no inert page behind).
export function installModalDialog(): void {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close() {
    this.removeAttribute("open");
  };
}
