"""JavaScript the walk test runs in the page: what overflows the window, and the visible text.

Panel draws every component in a shadow root, so both walk into shadow roots."""

#: ``() => Element[]``: every element of the page, shadow roots included (a helper other snippets use).
_ALL = """
const all = [];
const walk = (root) => {
  for (const el of root.querySelectorAll('*')) {
    all.push(el);
    if (el.shadowRoot) walk(el.shadowRoot);
  }
};
walk(document);
"""

#: ``() => {doc: [scrollWidth, clientWidth], wide: [description, ...]}``: the document's widths and
#: every shown element wider than the window or reaching past its right edge, the innermost
#: ones (the first 12).
OVERFLOW = "() => {" + _ALL + """
const vw = document.documentElement.clientWidth;
const se = document.scrollingElement;
const wide = [];
const name = (el) => {
  const host = el.getRootNode().host;
  const cls = (el.className && el.className.baseVal === undefined) ? String(el.className) : '';
  const hcls = host && host.className ? String(host.className) : '';
  const text = (el.innerText || el.value || '').trim().slice(0, 40).replace(/\\s+/g, ' ');
  return `${el.tagName.toLowerCase()}.${cls.split(' ').slice(0, 3).join('.')} in ${hcls.split(' ').slice(0, 4).join('.')}`
         + ` (${Math.round(el.getBoundingClientRect().right)} px, scroll ${el.scrollWidth}) "${text}"`;
};
for (const el of all) {
  if (!el.checkVisibility || !el.checkVisibility()) continue;
  const host = el.getRootNode().host;
  if (host && host.classList.contains('bk-CartesianFrame')) continue;  // drawn inside a plot's canvas
  if (el.classList && el.classList.contains('bk-CartesianFrame')) continue;  // the canvas clips its frame
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (el.scrollWidth > vw + 1 || r.right > vw + 1) wide.push(el);
}
// The innermost ones name the cause: drop every element holding another one.
const holders = new Set();
for (const el of wide) {
  let up = el.parentNode;
  while (up) {
    if (up.host) up = up.host;
    holders.add(up);
    up = up.parentNode;
  }
}
const inner = wide.filter((el) => !holders.has(el));
return {doc: [se.scrollWidth, se.clientWidth], wide: inner.slice(0, 12).map(name), count: inner.length};
}"""

#: ``() => string[]``: the text a visitor sees: shown text nodes, the values of one-line fields and
#: the options of shown selects, shadow roots included.
VISIBLE_TEXT = "() => {" + _ALL + """
const out = [];
for (const el of all) {
  const tag = el.tagName;
  if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') continue;
  // code spans show a file's keys as the file spells them (a profile's `hit_points`): not checked
  if (tag === 'CODE' || tag === 'PRE') continue;
  if (tag === 'OPTION') {
    const sel = el.closest('select');
    if (sel && sel.checkVisibility()) out.push(el.textContent.trim());
    continue;
  }
  if (!el.checkVisibility || !el.checkVisibility()) continue;
  // A text area holds a file being edited (YAML), where the syntax is the point: not checked.
  if (tag === 'INPUT' && el.type !== 'hidden' && el.type !== 'file') {
    if (el.value) out.push(el.value);
    if (el.placeholder) out.push(el.placeholder);
  }
  for (const node of el.childNodes) {
    if (node.nodeType === 3 && node.textContent.trim()) out.push(node.textContent.trim());
  }
}
return out;
}"""
