import { tileSource } from '../../../server/config.js';

describe('the img-src a map tile template needs', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.com/{z}/{x}/{y}.png', 'https://*.tile.example.com'],
    ['HTTP://tiles.local:8080/{z}/{x}/{y}', 'http://tiles.local:8080'],
  ])('%s needs %s', (template, source) => {
    expect(tileSource(template)).toBe(source);
  });

  it.each([['/tiles/{z}/{x}/{y}.png'], ["https://evil.example.com;script-src 'unsafe-inline'/{z}"], ['javascript:alert(1)']])('%s adds nothing', (template) => {
    expect(tileSource(template)).toBeNull();
  });
});
