import { describe, expect, test } from 'bun:test';
import moment from 'moment';
import { renderTemplate } from './template-render.ts';

const values = {
  date: moment('2024-07-21', 'YYYY-MM-DD'),
  format: 'YYYY/MM/YYYY-MM-DD',
  title: '2024-07-21',
  now: moment('2030-01-02 09:05:07', 'YYYY-MM-DD HH:mm:ss'),
};
const render = (text: string) => renderTemplate(text, values);

describe('renderTemplate', () => {
  test('{{date}} is the note name, {{title}} its title, {{time}} the current time', () => {
    expect(render('{{date}} | {{title}} | {{time}}')).toBe(
      '2024/07/2024-07-21 | 2024-07-21 | 09:05',
    );
  });

  test('placeholders match case-insensitively and with inner spaces', () => {
    expect(render('{{ DATE }} {{Title}} {{ time }}')).toBe('2024/07/2024-07-21 2024-07-21 09:05');
  });

  test('{{date:FORMAT}} and {{time:FORMAT}} format the note date at the current time of day', () => {
    expect(render('{{date:dddd D MMMM}} at {{time:HH:mm:ss}}')).toBe('Sunday 21 July at 09:05:07');
  });

  test('offsets move the date before formatting', () => {
    expect(render('{{date-1d:YYYY-MM-DD}} / {{date+1w:YYYY-MM-DD}}')).toBe(
      '2024-07-20 / 2024-07-28',
    );
  });

  test('formatted values are inserted literally, even with "$" in them', () => {
    expect(renderTemplate('{{date}}', { ...values, format: '[$&$1]YYYY' })).toBe('$&$12024');
  });

  test('Templater syntax and unknown placeholders are left as written', () => {
    const text = '# <% tp.file.title %>\n<%* let x = "{{nope}}" %>\n{{yesterday}}';
    expect(render(text)).toBe(text);
  });
});
