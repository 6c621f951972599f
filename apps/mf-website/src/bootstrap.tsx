/**
 * Opened on its own (its dev server or /remotes/website/), a remote has no host to give it a
 * user, theme, router or antd (it takes antd from the shell only), so it only points to the shell.
 */
const root = document.getElementById('root')!;
root.innerHTML = `
  <main style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 15vh auto; text-align: center; color: #1f1f1f">
    <h1 style="font-size: 1.5rem; font-weight: 600">Aide website module</h1>
    <p style="color: #595959">This is a federated remote. Open the Aide app to use it.</p>
    <p><a href="/" style="color: #4f46e5">Open Aide</a></p>
  </main>`;

export {};
