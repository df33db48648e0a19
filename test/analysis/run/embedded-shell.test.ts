/**
 * Shell outside .sh files (src/analysis/embedded-shell.ts): which files hold it, and the
 * same-length copy the shell parser reads (offsets and lines of the original file).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellHost, shellSource } from '../../../src/analysis/embedded-shell.ts';
import { languageOf } from '../../../src/analysis/run/walk.ts';
import { scriptLanguage } from '../../../src/analysis/scripts.ts';

/** The kept text, line by line, without the blanks (what the shell parser sees of each line). */
const seen = (rel: string, text: string) => {
  const out = shellSource(rel, text);
  expect(out.length).toBe(text.length);
  // every line break stays where it was
  expect([...out].map((c, i) => (c === '\n') === (text[i] === '\n')).every(Boolean)).toBe(true);
  return out.split('\n').map((l) => l.trim());
};

describe('which files hold shell', () => {
  it('by path: Makefiles, CI files, Jenkinsfile', () => {
    for (const f of ['Makefile', 'sub/GNUmakefile', 'mk/rules.mk', '.github/workflows/ci.yml', '.github/workflows/x.yaml', '.gitlab-ci.yml', 'ci/deploy.gitlab-ci.yml', '.circleci/config.yml', 'azure-pipelines.yml', 'bitbucket-pipelines.yml', '.travis.yml', 'Jenkinsfile']) {
      expect(languageOf(f), f).toBe('shell');
    }
    for (const f of ['config/settings.yml', 'docker-compose.yml', 'workflows/ci.yml', '.github/dependabot.yml', 'Makefile.am', 'README']) expect(languageOf(f), f).toBe(null);
    expect(shellHost('scripts/run.sh')).toBe(null);
  });

  it('extensionless scripts by shebang: shell and Node, nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-shebang-'));
    const cases: Array<[string, string | null]> = [
      ['#!/bin/sh\n', 'shell'],
      ['#!/bin/bash -e\n', 'shell'],
      ['#!/usr/bin/env bash\n', 'shell'],
      ['#! /usr/bin/env -S zsh -f\n', 'shell'],
      ['#!/usr/local/bin/dash\n', 'shell'],
      ['#!/usr/bin/env ksh\r\n', 'shell'],
      ['#!/usr/bin/env node\n', 'javascript'],
      ['#!/usr/bin/env python3\n', null],
      ['#!/usr/bin/fish\n', null],
      ['#!/bin/shellcheck\n', null],
      ['echo hi\n', null],
    ];
    cases.forEach(([head, lang], i) => {
      writeFileSync(join(dir, `s${i}`), `${head}curl "$U/helpdesk/tickets.json"\n`);
      expect(scriptLanguage(join(dir, `s${i}`), `bin/s${i}`), head).toBe(lang);
    });
    // a name with an extension is not read at all
    expect(scriptLanguage(join(dir, 's0'), 'bin/s0.txt')).toBe(null);
  });
});

describe('Makefile recipes', () => {
  it('keeps recipe lines without the tab and make prefixes; targets and assignments are blank; $(VAR) is a parameter', () => {
    const text = [
      'FD_URL ?= https://x.freshdesk.com/helpdesk/tickets.json',
      '',
      'export-tickets: deps',
      '\t@curl -s -u $(FD_KEY):X \\',
      '\t\t"$(FD_URL)/helpdesk/tickets.json"',
      '\t-rm -f out.json',
      '# a comment between recipes',
      'seed: ; curl -X POST $(FD_URL)/contacts.json',
      'define HELP',
      '\tcurl /helpdesk/tickets.json',
      'endef',
      'VAR = a \\',
      '\tcurl /helpdesk/tickets.json',
    ].join('\n');
    expect(seen('Makefile', text)).toEqual([
      '',
      '',
      '',
      'curl -s -u ${FD_KEY}:X \\',
      '"${FD_URL}/helpdesk/tickets.json"',
      'rm -f out.json',
      '',
      'curl -X POST ${FD_URL}/contacts.json',
      '',
      '',
      '',
      '',
      '',
    ]);
    // a variable holding the client is the client where it is used (same length)
    expect(seen('x.mk', 'CURL ?= curl -sf\nH = https\nagents:\n\t$(CURL) $(U)/agents.json\n\t$(H) x\n')).toEqual(['', '', '', 'curl    ${U}/agents.json', '${H} x', '']);
    // the recipe sits at its own columns
    const out = shellSource('Makefile', text);
    expect(out.indexOf('curl -s')).toBe(text.indexOf('curl -s'));
  });
});

describe('CI YAML', () => {
  it('GitHub Actions: | blocks and single-line run:, ${{ }} read as a parameter of the same length, other keys blank', () => {
    const text = [
      'env:',
      '  docs_url: https://a.freshdesk.com/helpdesk/tickets.json',
      'jobs:',
      '  t:',
      '    defaults:',
      '      run:',
      '        shell: bash',
      '    steps:',
      '      - name: open',
      '        run: |',
      '          curl -u "${{ secrets.FD_KEY }}:X" -X POST \\',
      '            "https://a.freshdesk.com/helpdesk/tickets.json"',
      '        env:',
      '          X: 1',
      '      - run: curl "$U/agents.json"',
      "      - run: 'echo quoted'",
    ].join('\n');
    expect(seen('.github/workflows/ci.yml', text)).toEqual([
      '', '', '', '', '', '', '', '', '', '',
      'curl -u "${secrets_FD_KEY____}:X" -X POST \\',
      '"https://a.freshdesk.com/helpdesk/tickets.json"',
      '', '',
      'curl "$U/agents.json"',
      'echo quoted',
    ]);
  });

  it('GitLab: script lists (at the key column or deeper), quoted items, | and > blocks, plain items over several lines', () => {
    const text = [
      'job:',
      '  script:',
      '  - npm test',
      "  - 'curl $U/contacts.json'",
      '  - |',
      '    for i in 1 2; do',
      '      curl -X DELETE "$U/contacts/$i.json"',
      '    done',
      '  - >',
      '    curl -X POST',
      '    "$U/helpdesk/tickets.json"',
      '  - curl "$U/helpdesk/tickets/1.json"',
      '      -X DELETE',
      '  only:',
      '    - main',
    ].join('\n');
    expect(seen('.gitlab-ci.yml', text)).toEqual([
      '', '',
      'npm test',
      'curl $U/contacts.json',
      '',
      'for i in 1 2; do',
      'curl -X DELETE "$U/contacts/$i.json"',
      'done',
      '',
      // YAML joins folded lines: a shell continuation, the line one column left
      'curl -X POST\\',
      '"$U/helpdesk/tickets.json"',
      'curl "$U/helpdesk/tickets/1.json"\\',
      '-X DELETE',
      '',
      '',
    ]);
    const out = shellSource('.gitlab-ci.yml', text);
    expect(out.indexOf('curl -X POST')).toBe(text.indexOf('curl -X POST') - 1);
    expect(out.indexOf('for i in')).toBe(text.indexOf('for i in'));
  });

  it('CRLF files keep their line ends; a folded line takes the \\r column for its continuation', () => {
    const text = 'job:\r\n  script:\r\n    - >\r\n      curl -X POST\r\n      "$U/helpdesk/tickets.json"\r\n';
    const out = shellSource('.gitlab-ci.yml', text);
    expect(out.length).toBe(text.length);
    expect(out).toContain('      curl -X POST\\\n');
  });

  it('a YAML with no shell key is all blank', () => {
    expect(shellSource('.travis.yml', 'language: node_js\nnode_js: [20]\n').trim()).toBe('');
  });
});

describe('Jenkinsfile', () => {
  it("sh '…', sh \"\"\"…\"\"\" and sh(script: …) steps; Groovy ${env.X} is a parameter", () => {
    const text = ['stage("x") {', "  sh 'npm ci'", '  sh """', '    curl ${env.FD_URL}/groups.json', '  """', "  sh(script: 'curl $U/agents.json', returnStdout: true)", '}'].join('\n');
    expect(seen('Jenkinsfile', text)).toEqual(['', 'npm ci', '', 'curl ${env_FD_URL}/groups.json', '', 'curl $U/agents.json', '']);
  });
});
