import { describeType } from '../testing'

const report = { url: '/files/1/report.pdf', name: 'report.pdf' }
const photo = { url: 'https://cdn.example.com/p.png', name: 'p.png', size: 2048, type: 'image/png' }

describeType({
  type: 'file',
  accepts: [
    [report, [report]],
    [[report], [report]],
    [[report, photo], [report, photo], { multiple: true }],
    // Nested form inputs post the size as text.
    [{ ...photo, size: '2048' }, [photo]],
    [{ ...report, extra: 'dropped' }, [report]],
    [[{ url: '', name: '' }], null],
    // An unchosen <input type=file> posts an empty, nameless file.
    [new File([], ''), null],
  ],
  refuses: [
    [[report, photo], 'value_error.list.max_items'],
    [{ url: 'javascript:alert(1)', name: 'x' }, 'value_error', {}, [0, 'url']],
    [{ url: '//evil.example.com/x', name: 'x' }, 'value_error', {}, [0, 'url']],
    [{ url: '/files/a\tb', name: 'x' }, 'value_error', {}, [0, 'url']],
    [{ url: '/files/1', name: '  ' }, 'validation.required', {}, [0, 'name']],
    [{ url: '/files/1' }, 'value_error', {}, [0, 'name']],
    ['report.pdf', 'value_error', {}, [0]],
    // Bytes are uploaded first (POST /attachments); the field holds what the upload returned.
    [new File(['data'], 'a.txt'), 'value_error', {}, [0, 'url']],
  ],
  formats: [
    [[report, photo], 'report.pdf, p.png'],
    [[], ''],
  ],
  filter: 'none',
})
