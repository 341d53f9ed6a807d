// Exports in the encodings Excel writes in Japan, Korea, China and Taiwan, through the real CLI: read from their
// bytes without --encoding, with a note; the rejects written as UTF-8 with a BOM; a file that is not UTF-8 told
// before any column error; the campaign that reaches the sandbox.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';
import { legacyBytes } from '../helpers/legacy-bytes.js';
import { convertNdjson as convert, file, fx, lines } from './helpers.js';

const sandbox = useSandbox();

/** An export as Excel in Japanese writes it (CRLF), in Shift_JIS. */
const JA = [
  '氏名,フリガナ,電話番号,携帯電話,会社名,住所',
  '佐藤 太郎,サトウ タロウ,03-3211-4821,090-2345-6781,㈱丸の内商事,東京都千代田区丸の内１－９－１',
  '鈴木 花子,スズキ ハナコ,06-6345-2190,,大阪物産株式会社,大阪府大阪市北区梅田３－１－３',
  '高橋 健太,タカハシ ケンタ,,070-4567-8903,名古屋精機株式会社,愛知県名古屋市中区栄４－１－１',
].join('\r\n');
const JA_FLAGS = ['--phone-column', '携帯電話,電話番号', '--default-country', 'JP'];

describe('Excel in Japanese (Shift_JIS), without --encoding', () => {
  it('reads the names and numbers, and says once which encoding it used', async () => {
    const p = file('顧客.csv', legacyBytes(`${JA}\r\n`, 'shift_jis'));
    const r = await convert([p, ...JA_FLAGS]);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      {
        phone_number: '+819023456781',
        氏名: '佐藤 太郎',
        フリガナ: 'サトウ タロウ',
        会社名: '㈱丸の内商事',
        住所: '東京都千代田区丸の内１－９－１',
        contact_attempts: [{ phone_number: '+81332114821' }],
      },
      {
        phone_number: '+81663452190',
        氏名: '鈴木 花子',
        フリガナ: 'スズキ ハナコ',
        会社名: '大阪物産株式会社',
        住所: '大阪府大阪市北区梅田３－１－３',
      },
      {
        phone_number: '+817045678903',
        氏名: '高橋 健太',
        フリガナ: 'タカハシ ケンタ',
        会社名: '名古屋精機株式会社',
        住所: '愛知県名古屋市中区栄４－１－１',
      },
    ]);
    const note = `note: ${p} is not UTF-8: read as shift_jis (Japanese), as its bytes say; --encoding shift_jis states it\n`;
    expect(r.stderr.split(note)).toHaveLength(2);
    // Stated, it reads the same without the note.
    const stated = await convert([p, ...JA_FLAGS, '--encoding', 'cp932']);
    expect(stated.stdout).toBe(r.stdout);
    expect(stated.stderr).not.toContain('note: ');
  });

  it('--skip-invalid: the rejects file is UTF-8 with a BOM, in the Japanese of the input', async () => {
    const rows = Array.from(
      { length: 19 },
      (_, i) => `山田 ${i},ヤマダ,03-5789-12${10 + i},,株式会社さくら,東京都渋谷区`,
    );
    const p = file(
      '顧客.csv',
      legacyBytes([JA, ...rows, '伊藤 大輔,イトウ,,090-1234,有限会社博多運輸,福岡県'].join('\r\n'), 'shift_jis'),
    );
    const rej = join(tempDir(), 'rejected.csv');
    const r = await convert([p, ...JA_FLAGS, '--skip-invalid', '--rejects', rej]);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(22);
    const bytes = readFileSync(rej);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [head, row] = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(head).toBe('rejected_row,rejected_reason,氏名,フリガナ,電話番号,携帯電話,会社名,住所');
    expect(row).toMatch(/^24,"?携帯電話: .*,伊藤 大輔,イトウ,,090-1234,有限会社博多運輸,福岡県$/);
  });

  it('a note of 140 KB whose characters straddle the chunks read: intact', async () => {
    for (const pad of ['', 'x']) {
      const note = `${pad}${'お電話ください。'.repeat(9_000)}`;
      const [header, row] = JA.split('\r\n');
      const p = file('長い.csv', legacyBytes(`${header},メモ\r\n${row},${note}\r\n`, 'shift_jis'));
      const r = await convert([p, ...JA_FLAGS]);
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout)[0].メモ).toBe(note);
    }
  });

  it('a byte that is no Shift_JIS character past the first 64 KiB: exit 2 at its line, nothing written', async () => {
    const [header, row] = JA.split('\r\n');
    const rows = Array.from({ length: 700 }, () => row);
    const bytes = Buffer.concat([
      legacyBytes([header, ...rows].join('\r\n'), 'shift_jis'),
      Buffer.from([0x0d, 0x0a, 0xa0]),
    ]);
    const p = file('顧客.csv', bytes);
    const out = join(tempDir(), 'c.json');
    const r = await cli(['contacts', 'convert', p, ...JA_FLAGS, '--dedupe', '--out', out], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `error: ${p}: line 702 of the file is not valid shift_jis: a byte sequence there is no character`,
    );
    expect(() => readFileSync(out)).toThrow();
  });

  it('campaigns create --contacts: the campaign carries the names as written', async () => {
    const p = file('顧客.csv', legacyBytes(`${JA}\r\n`, 'shift_jis'));
    const r = await cli(
      [
        'campaigns',
        'create',
        '--name',
        '新規',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        p,
        ...JA_FLAGS,
        '--yes',
      ],
      { sandbox },
    );
    expect(r.code, r.stderr).toBe(0);
    const posts = sandbox.requests('POST', '/v1/campaigns');
    expect(posts).toHaveLength(1);
    const contacts = (posts[0].body as { contacts: Record<string, unknown>[] }).contacts;
    expect(contacts.map((c) => [c.phone_number, c.氏名, c.会社名])).toEqual([
      ['+819023456781', '佐藤 太郎', '㈱丸の内商事'],
      ['+81663452190', '鈴木 花子', '大阪物産株式会社'],
      ['+817045678903', '高橋 健太', '名古屋精機株式会社'],
    ]);
  });
});

describe('Meta Lead Ads (UTF-16LE with a BOM, tabs, CRLF)', () => {
  it('its layout converts: split at tabs, every column a free field, names in any script, no note', async () => {
    // The fixture with its numbers as plain E.164 (Meta writes "p:+234..."; phone.ts reads that prefix).
    const text = new TextDecoder('utf-16le').decode(readFileSync(fx('meta-lead-ads.csv')).subarray(2));
    const p = file(
      'leads.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/\tp:\+/g, '\t+'), 'utf16le')]),
    );
    const r = await convert([p]);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(9);
    expect(out[0]).toEqual({
      phone_number: '+2348031234567',
      id: 'l:1398275064412873',
      created_time: '2025-05-12T08:14:51+01:00',
      ad_id: 'ag:120208473615290417',
      ad_name: 'Solar Home Kit – Lagos',
      adset_id: 'as:120208473615250417',
      adset_name: 'Lagos 25-45 mobile',
      campaign_id: 'c:120208473615210417',
      campaign_name: 'Solar leads Q2',
      form_id: 'f:1187429365521843',
      form_name: 'Get a free quote',
      is_organic: 'false',
      platform: 'fb',
      full_name: 'Adébáyọ̀ Ogunlésì',
      email: 'adebayo.ogunlesi@gmail.com',
    });
    expect(out[7].full_name).toBe('प्रिया शर्मा');
    // A BOM says the encoding: nothing to note about it.
    expect(r.stderr).not.toContain('UTF-');
  });
});

describe('Korean, simplified and traditional Chinese exports, without --encoding', () => {
  const cases = [
    {
      encoding: 'euc-kr',
      text: '이름,전화번호,휴대폰,회사\r\n김민준,02-312-4567,010-2345-6789,삼성전자\r\n이서연,031-712-3456,010-9876-5432,현대자동차\r\n',
      flags: ['--phone-column', '휴대폰', '--default-country', 'KR'],
      out: [
        ['+821023456789', '김민준', '삼성전자'],
        ['+821098765432', '이서연', '현대자동차'],
      ],
    },
    {
      encoding: 'gbk',
      text: '姓名,电话,手机,公司\r\n王伟,010-6552-3410,13800138000,北京科技有限公司\r\n李娜,021-5088-1234,13912345678,上海贸易有限公司\r\n',
      flags: ['--phone-column', '手机', '--default-country', 'CN'],
      out: [
        ['+8613800138000', '王伟', '北京科技有限公司'],
        ['+8613912345678', '李娜', '上海贸易有限公司'],
      ],
    },
    {
      encoding: 'big5',
      text: '姓名,電話,手機,公司\r\n陳怡君,02-2722-3410,0912-345-678,台灣電子股份有限公司\r\n林志明,04-2325-1234,0933-123-456,臺中機械股份有限公司\r\n',
      flags: ['--phone-column', '手機', '--default-country', 'TW'],
      out: [
        ['+886912345678', '陳怡君', '台灣電子股份有限公司'],
        ['+886933123456', '林志明', '臺中機械股份有限公司'],
      ],
    },
  ];
  for (const c of cases) {
    it(`${c.encoding}: read from its bytes, with the note`, async () => {
      const p = file('list.csv', legacyBytes(c.text, c.encoding));
      const r = await convert([p, ...c.flags]);
      expect(r.code, r.stderr).toBe(0);
      const [name, company] = c.text
        .split('\r\n')[0]
        .split(',')
        .filter((_, i) => i === 0 || i === 3);
      expect(lines(r.stdout).map((x) => [x.phone_number, x[name], x[company]])).toEqual(c.out);
      // chardet names GBK by its superset, GB18030, whose decoder reads GBK alike.
      const read = c.encoding === 'gbk' ? 'gb18030' : c.encoding;
      expect(r.stderr).toContain(`note: ${p} is not UTF-8: read as ${read} (`);
    });
  }
});

describe('a file that is not UTF-8, not clearly in one of those encodings', () => {
  it('windows-1252 whose header has no phone column: "not valid UTF-8" first, not the column, nothing written', async () => {
    const p = file('clients.csv', Buffer.from('Nom;Prénom;Société\r\nLefèvre;Hélène;Société Générale\r\n', 'latin1'));
    const out = join(tempDir(), 'c.json');
    const r = await cli(['contacts', 'convert', p, '--out', out], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^error: ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid UTF-8: its accented letters`),
    );
    expect(r.stderr).toContain('Add --encoding windows-1252 if it comes from Excel on Windows');
    expect(r.stderr).not.toContain('column');
    expect(() => readFileSync(out)).toThrow();
  });

  it('a Shift_JIS file too short to be sure of: "not valid UTF-8" naming shift_jis; with it, it converts', async () => {
    const p = file('短い.csv', legacyBytes('名前,電話\r\n山田,03-1234-5678\r\n', 'shift_jis'));
    const r = await convert([p, '--default-country', 'JP']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${p} is not valid UTF-8`);
    expect(r.stderr).toContain('shift_jis (Japanese)');
    expect(r.stderr).not.toContain('column');
    const ok = await convert([p, '--default-country', 'JP', '--encoding', 'shift_jis', '--phone-column', '電話']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)).toEqual([{ phone_number: '+81312345678', 名前: '山田' }]);
  });
});

describe('the exports of issue 32 that failed whole', () => {
  // Needs: 電話番号 and 携帯電話 found by name (columns.ts), ー read as a dash (phone.ts).
  it('Excel in Japanese (Shift_JIS, CP932 ㈱, ー as a dash): the right numbers with --default-country only', async () => {
    const r = await convert([fx('excel-ja.csv'), '--default-country', 'JP']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((c) => [c.氏名, c.phone_number, c.contact_attempts])).toEqual([
      ['佐藤 太郎', '+819023456781', [{ phone_number: '+81332114821' }]],
      ['鈴木 花子', '+818034567892', [{ phone_number: '+81663452190' }]],
      ['高橋 健太', '+817045678903', [{ phone_number: '+81529613357' }]],
      ['田中 美咲', '+819056789014', [{ phone_number: '+81456712210' }]],
      ['伊藤 大輔', '+81927114111', undefined],
      ['渡辺 陽子', '+818067890125', undefined],
      ['山本 翔', '+819078901236', [{ phone_number: '+81357891234' }]],
    ]);
    expect(lines(r.stdout)[0].会社名).toBe('㈱丸の内商事');
    expect(r.stderr).toContain(
      `note: ${fx('excel-ja.csv')} is not UTF-8: read as shift_jis (Japanese), as its bytes say; --encoding shift_jis states it\n`,
    );
  });

  // Needs: the p: prefix read (phone.ts). The numbers carry their country: no --default-country.
  it('Meta Lead Ads (UTF-16LE, tabs, p:+...): every lead, without flags', async () => {
    const r = await convert([fx('meta-lead-ads.csv')]);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((c) => [c.full_name, c.phone_number])).toEqual([
      ['Adébáyọ̀ Ogunlésì', '+2348031234567'],
      ['Chiamaka Okafor', '+2348069876543'],
      ['Musa Abdullahi', '+2348126543210'],
      ['Ngozi Eze', '+2347087654321'],
      ['Wanjiku Kamau', '+254712345678'],
      ['Otieno Ochieng', '+254722987654'],
      ['Achieng Atieno', '+254110234567'],
      ['प्रिया शर्मा', '+919876543210'],
      ['Rahul Deshpande', '+918123456789'],
    ]);
    // Meta's other prefixed ids stay free fields as written.
    expect([out[0].id, out[0].ad_id, out[0].form_id]).toEqual([
      'l:1398275064412873',
      'ag:120208473615290417',
      'f:1187429365521843',
    ]);
    expect(r.stderr).not.toContain('UTF-8');
  });
});
