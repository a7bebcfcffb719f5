(words) => {
  // Each of ``words`` shown on the page split over two lines: its text's rectangles (one per line
  // box it lies on, Range.getClientRects) stand at more than one height.
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const box = node.parentElement;
    if (!box || box.closest("[hidden], .visually-hidden, .vh, script, style, title") || !box.getClientRects().length) continue;
    const pattern = /\S+/g;
    let match;
    while ((match = pattern.exec(node.textContent))) {
      if (!words.some((word) => match[0].includes(word))) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(`${match[0]} in <${box.tagName.toLowerCase()} class="${box.className}">`);
    }
  }
  return found;
}
