import { describe, expect, it } from 'vitest'
import { describeType } from '../testing'
import { htmlToText } from './editor'

describeType({
  type: 'editor',
  accepts: [
    ['<p>Hello <b>world</b></p>', '<p>Hello <b>world</b></p>'],
    // An editor the user cleared still holds markup: that is empty.
    ['<p></p>', null],
    ['<p><br></p>', null],
    ['<p>&nbsp;</p>', null],
    // Cleaned before it is stored: no scripts, handlers or unsafe links reach the upstream.
    ['<p onclick="x()">Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    [
      '<a href="javascript:alert(1)">go</a> <a href="https://x.org">x</a>',
      'go <a href="https://x.org">x</a>',
    ],
    // Pictures are not on the whitelist: one alone is nothing.
    ['<p><img src="/files/1.png"></p>', null],
    // Length counts the text a reader sees, not the markup.
    ['<p><b>abcde</b></p>', '<p><b>abcde</b></p>', { max_length: 5 }],
  ],
  refuses: [
    ['<p><br></p>', 'validation.required', { required: true }],
    ['<p>abcdef</p>', 'validation.max_length', { max_length: 5 }],
    ['<p>a</p>', 'validation.min_length', { min_length: 2 }],
    [42, 'value_error'],
  ],
  normalizes: [
    [' <p>x</p> ', ' <p>x</p> '],
    ['<p style="color:red">x<style>p{}</style></p>', '<p>x</p>'],
  ],
  formats: [
    ['<p>Hello&nbsp;<b>world</b></p><p>Second &amp; last</p>', 'Hello world Second & last'],
    ['<ul><li>one</li><li>two</li></ul>', 'one two'],
  ],
  filter: 'none',
})

describe('htmlToText', () => {
  it('drops tags and keeps words apart across blocks', () => {
    expect(htmlToText('<h1>Title</h1><p>a<br>b</p>')).toBe('Title a b')
    expect(htmlToText('&lt;script&gt;')).toBe('<script>')
  })
})
