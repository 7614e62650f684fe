import { describe, expect, test } from 'bun:test';
import { viewPage } from './page.ts';

describe('viewPage', () => {
  test('one HTML5 page: style in the head, the root, then the script that mounts on it', () => {
    const page = viewPage({ title: 'T', style: 'body{margin:0}', script: 'run()' });
    expect(page).toStartWith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">');
    expect(page).toContain('<title>T</title>\n<style>body{margin:0}</style>\n</head>');
    expect(page.indexOf('<main id="results"')).toBeLessThan(page.indexOf('<script>run()</script>'));
    expect(page).toEndWith('</body>\n</html>\n');
  });

  test('refuses a script or style that would close its element or open a comment', () => {
    const parts = { title: 'T', style: '', script: '' };
    expect(() => viewPage({ ...parts, script: 'a("</SCRIPT>")' })).toThrow('cannot be inlined');
    expect(() => viewPage({ ...parts, script: 'a("<!--")' })).toThrow('cannot be inlined');
    expect(() => viewPage({ ...parts, style: 'b{}</style><b>' })).toThrow('cannot be inlined');
  });
});
