// Links that carry cards: the address fragment "#cards=" then the card text, raw-DEFLATE-compressed and
// base64url-encoded without padding. castle_combo.cli.workshop.share_fragment makes the same links in Python
// (the gallery's "open in the Workshop" links); the browser's own compression streams do it here.

const KEY = "cards=";

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** The fragment (without "#") that carries `text`. */
export async function cardsFragment(text) {
  return KEY + toBase64Url(await through(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

/** Whether an address fragment carries cards. */
export function carriesCards(hash) {
  return hash.replace(/^#/, "").startsWith(KEY);
}

/** The card text a fragment carries; throws an Error saying the link is broken when it cannot be read. */
export async function cardsOf(hash) {
  const data = hash.replace(/^#/, "").slice(KEY.length);
  try {
    const bytes = await through(fromBase64Url(data), new DecompressionStream("deflate-raw"));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error("the link's cards cannot be read: the link was cut or changed; ask for it again");
  }
}
