/** Resolves once `url` answers 2xx (a server just spawned by a bench); gives up after about 10 s. */
export async function waitUntilUp(url, init) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not come up at ${url}`);
}
