import { describe, expect, it } from 'vitest'
import { safeHref, sanitizeRichText } from './rich-text'

describe('sanitizeRichText', () => {
  it.each([
    // Allowed tags, nested, kept as they are.
    ['<p>Hello <b>bold <i>and <u>all</u></i></b></p>', '<p>Hello <b>bold <i>and <u>all</u></i></b></p>'],
    [
      '<ul><li><strong>one</strong></li><li><em>two</em></li></ul>',
      '<ul><li><strong>one</strong></li><li><em>two</em></li></ul>',
    ],
    ['<ol><li>a<br>b</li></ol>', '<ol><li>a<br>b</li></ol>'],
    ['<P>Upper <B>case</B></P>', '<p>Upper <b>case</b></p>'],
    ['a<br/>b<br />c', 'a<br>b<br>c'],
    // Scripts and styles go with their content.
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<p>a<SCRIPT type="text/javascript">x("</p>")</SCRIPT >b</p>', '<p>ab</p>'],
    ['<style>p { color: red }</style><p>x</p>', '<p>x</p>'],
    ['<p>x</p><script>never closed', '<p>x</p>'],
    ['<iframe src="https://evil"></iframe><p>x</p>', '<p>x</p>'],
    // Attributes: none but a link's href.
    ['<p onclick="alert(1)" style="color:red" class="c">x</p>', '<p>x</p>'],
    ['<b onmouseover=alert(1)>x</b>', '<b>x</b>'],
    [
      '<a href="https://example.org/?a=1&amp;b=2" onclick="x()" target="_blank">go</a>',
      '<a href="https://example.org/?a=1&amp;b=2">go</a>',
    ],
    ['<a href="mailto:me@example.org">mail</a>', '<a href="mailto:me@example.org">mail</a>'],
    ['<a href=http://example.org>bare</a>', '<a href="http://example.org">bare</a>'],
    // Unsafe links lose the link and keep the text.
    ['<a href="javascript:alert(1)">go</a>', 'go'],
    ['<a href="JaVaScRiPt:alert(1)">go</a>', 'go'],
    ['<a href="java\tscript:alert(1)">go</a>', 'go'],
    ['<a href="&#106;avascript:alert(1)">go</a>', 'go'],
    ['<a href="data:text/html,<b>x</b>">go</a>', 'go'],
    ['<a href="/relative">go</a>', 'go'],
    ['<a>no href</a>', 'no href'],
    // Unknown tags unwrapped, their text kept.
    ['<div><span style="font-weight:bold">Hello</span> <font color="red">world</font></div>', 'Hello world'],
    ['<h1>Title</h1><p>body</p>', 'Title<p>body</p>'],
    ['<img src=x onerror=alert(1)>text', 'text'],
    ['<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    // Comments and doctypes gone; text escaped; tags balanced.
    ['<!-- secret --><p>x</p><!DOCTYPE html>', '<p>x</p>'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['&lt;script&gt; &nbsp; &#39;', '&lt;script&gt; &nbsp; &#39;'],
    ['<p><b>open', '<p><b>open</b></p>'],
    ['<b>x</i></b>y</p>', '<b>x</b>y'],
    ['<p><b>cross</p>after</b>', '<p><b>cross</b></p>after'],
    ['"<img src=x onerror=alert(1)//', '"&lt;img src=x onerror=alert(1)//'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output)
  })

  it('is idempotent', () => {
    const once = sanitizeRichText(
      '<div onclick="x">a <b>b<script>c</script></b> <a href="https://x">d</a></div>',
    )
    expect(sanitizeRichText(once)).toBe(once)
  })
})

describe('safeHref', () => {
  it.each([
    ['https://example.org', 'https://example.org'],
    ['HTTP://example.org', 'HTTP://example.org'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    [' javascript:alert(1)', null],
    ['vbscript:x', null],
    ['ftp://x', null],
    ['example.org', null],
  ])('%j → %j', (href, out) => {
    expect(safeHref(href)).toBe(out)
  })
})
