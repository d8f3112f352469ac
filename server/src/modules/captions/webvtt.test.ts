import { describe, expect, it } from 'vitest';
import { cueText, MAX_CAPTION_BYTES, parseWebVtt, WebVttError, writeWebVtt } from './webvtt.ts';

const parse = (text: string) => parseWebVtt(Buffer.from(text));
const problem = (text: string | Buffer) => {
  try {
    parseWebVtt(typeof text === 'string' ? Buffer.from(text) : text);
  } catch (error) {
    if (error instanceof WebVttError) return error.message;
    throw error;
  }
  return null;
};

describe('WebVTT', () => {
  it('reads cues, skipping header text, NOTE, STYLE and REGION blocks, identifiers and cue settings', () => {
    const file =
      '\uFEFFWEBVTT Kind: captions\nLanguage: en\n\nSTYLE\n::cue { color: red }\n\nREGION\nid:r1\n\nNOTE a comment\nover two lines\n\n' +
      'intro\n00:01.000 --> 00:04.500 align:start position:10%\nHello <c.yellow>there</c>,\r\n<v.loud Ana>operator</v>!\n\n\n' +
      '01:00:00.000 --> 01:00:02.000\n<00:00:01.000>Tom &amp; Jerry &lt;3 &#x41;&#66;&nbsp;ok\n';
    expect(parse(file)).toEqual([
      { startMs: 1000, endMs: 4500, text: 'Hello there,\noperator!' },
      { startMs: 3_600_000, endMs: 3_602_000, text: 'Tom & Jerry <3 AB ok' },
    ]);
  });

  it('removes markup an attacker could try to smuggle into a player or a page', () => {
    expect(cueText('<script>alert(1)</script><img src=x onerror=alert(1)>Hi')).toBe('alert(1)Hi');
    expect(cueText('a\u0007b\u0000c &#0; &#xD800; &bogus;')).toBe('a b c &bogus;');
    expect(writeWebVtt([{ startMs: 0, endMs: 1500, text: '<b> & </b>' }])).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.500\n&lt;b&gt; &amp; &lt;/b&gt;\n');
  });

  it('names the first problem and its line', () => {
    expect(problem('')).toBe('does not start with "WEBVTT" (line 1)');
    expect(problem('WEBVTTX\n')).toBe('does not start with "WEBVTT" (line 1)');
    expect(problem('WEBVTT\n00:00:01.000 --> 00:00:02.000\nHi\n')).toBe('needs a blank line after the WEBVTT header (line 2)');
    expect(problem('WEBVTT\n\njust text\n')).toBe('has a block without a cue timing "00:00:01.000 --> 00:00:04.000" (line 3)');
    expect(problem('WEBVTT\n\n00:00:61.000 --> 00:01:02.000\nHi\n')).toBe('has a malformed cue timing "00:00:61.000 --> 00:01:02.000" (line 3)');
    expect(problem('WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nHi\n')).toBe('has a block without a cue timing "00:00:01.000 --> 00:00:04.000" (line 3)');
    expect(problem('WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nA\n\n00:00:04.000 --> 00:00:07.000\nB\n')).toBe('has cues out of time order (line 6)');
    expect(problem('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n00:00:02.000 --> 00:00:03.000\nB\n')).toBe('needs a blank line between cues (line 3)');
    expect(problem('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n\nSTYLE\n::cue {}\n')).toBe('has a STYLE block after the first cue (line 6)');
    expect(problem('WEBVTT\n\nNOTE only a note\n')).toBe('has no cues');
    expect(problem(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'x'.repeat(1001)}\n`)).toBe('has a cue longer than 1000 characters (line 3)');
    expect(problem(Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xc3, 0x28]))).toBe('is not UTF-8 text');
    expect(problem(Buffer.alloc(MAX_CAPTION_BYTES + 1, 0x20))).toBe('is larger than 1024 KB');
  });

  it('names the cue a problem is in (the studio editor finds it in its list by its number); notes do not count', () => {
    const cueOf = (text: string) => {
      try {
        parseWebVtt(Buffer.from(text));
      } catch (error) {
        return (error as WebVttError).cue;
      }
    };
    expect(cueOf('WEBVTT\n\nNOTE hi\n\n00:00:01.000 --> 00:00:02.000\nA\n\n00:00:03.000 --> 00:00:02.000\nB\n')).toBe(2);
    expect(cueOf('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n\nbad\n')).toBe(2);
    expect(cueOf('VTT\n')).toBeUndefined();
  });
});
