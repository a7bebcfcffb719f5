(words) => {
  // Each of ``words`` shown on the page split over two lines: its text's rectangles (one per line
  // box it lies on, Range.getClientRects) stand at more than one height. With no words given,
  // every word on the page. A hyphen, a dash or a slash ends a word ("0–9", "Ann/Bob" may break
  // after it); a soft hyphen does not: "Ak\u00adtu\u00adel\u00adle" is "Aktuelle", found broken
  // wherever the browser broke it.
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const box = node.parentElement;
    if (!box || box.closest("[hidden], .visually-hidden, .vh, script, style, title") || !box.getClientRects().length) continue;
    const pattern = /[^\s\-\u2010-\u2015/]+/g;
    let match;
    while ((match = pattern.exec(node.textContent))) {
      const word = match[0].replace(/\u00ad/g, "");
      if (words && words.length && !words.some((wanted) => word.includes(wanted))) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(`${word} in <${box.tagName.toLowerCase()} class="${box.className}">`);
    }
  }
  return found;
}
