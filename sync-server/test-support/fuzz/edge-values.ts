/**
 * The values the mutations put into bodies and query strings: other types, numbers JSON cannot
 * carry or that sit on a boundary, unicode edge cases, sizes around the fields' and the body's
 * limits, prototype-pollution keys, whole bodies that are not what a route expects, content types.
 */

export const OTHER_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  '',
  'x',
  '0',
  true,
  false,
  null,
  [],
  {},
  [1, 2],
  { a: 1 },
  ['x'],
];

export const SPECIAL_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '-0',
  '1e-400',
  '0x10',
  '01',
  '+1',
  '.5',
];

export const EDGE_NUMBERS = [
  '-0',
  '-1',
  '-0.5',
  '0.1',
  '1.5',
  '1e308',
  '-1e308',
  '9007199254740993',
  '-9007199254740993',
  '9007199254740992',
  '4294967296',
  '-2147483649',
  '123456789012345678901234567890',
  '1.0000000000000002',
  '5e-324',
];

export const UNICODE_EDGES = [
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\u0000',
  'x\u0000y',
  '\u202eabc',
  '\u202dabc\u202c',
  `e${'\u0301'.repeat(500)}`,
  'a\u0301',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\ufeff',
  '\u2028\u2029',
  '\u200b',
  '１２３',
  'İı',
  '\uffff',
  '\u{10ffff}',
  '\t\n\r',
  ' ',
  '   padded   ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("x")',
  // A template-injection probe, as text (not a template).
  '$' + '{7*7}',
  'undefined',
  '__proto__',
];

export const HUGE_SIZES = [101, 151, 256, 501, 4097, 20_000, 250_000, 270_000];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
export const PROTO_VALUES: unknown[] = [
  { polluted: 'yes' },
  { prototype: { polluted: 'yes' } },
  { toString: 'x', valueOf: 1 },
  'polluted',
  null,
];

export const EXTRA_KEYS = [
  'extra',
  'isAdmin',
  'role',
  'businessId',
  'ownerId',
  'userId',
  'version',
  '$where',
  'id',
  'success',
];

export const WHOLE_BODIES: Array<string | Buffer | null> = [
  null,
  '',
  ' ',
  '{}',
  '[]',
  'null',
  'true',
  '0',
  '"ciao"',
  '{"a":',
  '{',
  '}',
  'hello',
  "{'a':1}",
  '{"a":1,}',
  '<xml/>',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '[{}]',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb]),
  `{"a":"${'x'.repeat(300 * 1024)}"}`,
  `[${'1,'.repeat(100_000)}1]`,
];

export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/jsonx',
  '',
  null,
];

export const QUERY_VALUES = [
  '',
  ' ',
  'abc',
  '-1',
  '-0',
  '1.5',
  '1e999',
  'NaN',
  'Infinity',
  '0x10',
  '9'.repeat(400),
  'true',
  'null',
];
