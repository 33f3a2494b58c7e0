// The JSON API, as the browser uses it. A seat's token comes from the page's fragment
// (#token=...), which browsers never send to the server, and travels only in the
// X-Seat-Token header (and the WebSocket's first message).

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// A signed-in page proves each change is its own with the session's CSRF token, which
// the server left in a cookie that only this site's scripts can read.
export function csrfToken() {
  const found = document.cookie.split("; ").find(c => c.startsWith("tabletop_csrf="));
  return found ? decodeURIComponent(found.slice("tabletop_csrf=".length)) : null;
}

export async function call(method, path, { body, token } = {}) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const csrf = method !== "GET" ? csrfToken() : null;
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export function fragmentToken() {
  const params = new URLSearchParams(location.hash.slice(1));
  return params.get("token");
}

export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// A tiny element builder: h("div", {class: "x", "data-ref": "y"}, child, "text", ...).
export function h(tag, attrs = {}, ...children) {
  const ns = attrs && attrs.svg ? "http://www.w3.org/2000/svg" : null;
  const el = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "svg" || v === null || v === undefined || v === false) continue;
    if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function svg(tag, attrs = {}, ...children) {
  return h(tag, { ...attrs, svg: true }, ...children);
}
