/**
 * Shell outside .sh files (src/analysis/embedded-shell.ts): which files hold it, and the
 * same-length copy the shell parser reads (offsets and lines of the original file).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { githubScriptSource, shellHost, shellSource } from '../../../src/analysis/embedded-shell.ts';
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
    for (const f of ['Makefile.am', 'README', 'Dockerfile.md', 'docs/procfile.txt']) expect(languageOf(f), f).toBe(null);
    expect(shellHost('scripts/run.sh')).toBe(null);
    // Dockerfiles, Procfiles, justfiles; any other YAML is read for its command keys only (see below)
    for (const [f, host] of [['Dockerfile', 'docker'], ['deploy/Dockerfile.prod', 'docker'], ['api.dockerfile', 'docker'], ['Containerfile', 'docker'], ['Procfile', 'procfile'], ['justfile', 'just'], ['.justfile', 'just'], ['docker-compose.yml', 'yaml'], ['k8s/cron.yaml', 'yaml'], ['Taskfile.yml', 'yaml'], ['config/settings.yml', 'yaml']] as const) {
      expect(languageOf(f), f).toBe('shell');
      expect(shellHost(f), f).toBe(host);
    }
  });

  it('extensionless scripts by shebang: shell, Node, Python, Ruby and PHP, nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-shebang-'));
    const cases: Array<[string, string | null]> = [
      ['#!/bin/sh\n', 'shell'],
      ['#!/bin/bash -e\n', 'shell'],
      ['#!/usr/bin/env bash\n', 'shell'],
      ['#! /usr/bin/env -S zsh -f\n', 'shell'],
      ['#!/usr/local/bin/dash\n', 'shell'],
      ['#!/usr/bin/env ksh\r\n', 'shell'],
      ['#!/usr/bin/env node\n', 'javascript'],
      ['#!/usr/bin/env python3\n', 'python'],
      ['#!/usr/bin/python -u\n', 'python'],
      ['#!/usr/bin/env ruby\n', 'ruby'],
      ['#!/usr/bin/env -S php -q\n', 'php'],
      ['#!/usr/bin/perl\n', null],
      ['#!/usr/bin/env pythonista\n', null],
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
      'define OPEN',
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
      // a define's body is recipe text (a canned recipe for `$(call …)`)
      'curl /helpdesk/tickets.json',
      '',
      '',
      '',
    ]);
    // a $(eval) template: its recipes are shell, its rules and assignments are not; `$$X` is the shell's `$X`
    expect(seen('Makefile', 'define T\n$(1)-get: out\n\tcurl -u $(K):X $$FD_URL/$(1).json\nX := 1\ncurl -s -u $(K):X $(U)/agents.json\nendef\nrun:\n\tpython3 $< > $@\n')).toEqual(['', '', 'curl -u ${K}:X $FD_URL_/$(1).json', '', 'curl -s -u ${K}:X ${U}/agents.json', '', '', 'python3 $_ > $@', '']);
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

describe('Dockerfile, Procfile, justfile', () => {
  it('Dockerfile: RUN with continuations (a Docker comment inside is not shell), heredocs, exec forms; other instructions blank', () => {
    const text = [
      'FROM alpine',
      'RUN --mount=type=cache,target=/var/cache apk add curl',
      'RUN curl -X POST \\',
      '    # a comment of Docker',
      '    "$U/helpdesk/tickets.json"',
      'COPY data/tickets.json /srv/',
      'RUN <<EOF',
      'curl "$U/agents.json"',
      'EOF',
      'HEALTHCHECK --interval=5s CMD ["curl", "-f", "$U/groups.json"]',
      'CMD ["sh", "-c", "curl $U/contacts.json && exec app"]',
      'ENTRYPOINT ["node", "/helpdesk/tickets.json"]',
      'RUN sh -c \'curl "$U/customers.json"\'',
    ].join('\n');
    expect(seen('Dockerfile', text)).toEqual([
      '',
      'apk add curl',
      'curl -X POST \\',
      '',
      '"$U/helpdesk/tickets.json"',
      '',
      '',
      'curl "$U/agents.json"',
      '',
      'curl   "-f"  "$U/groups.json"',
      'curl $U/contacts.json && exec app',
      '',
      'curl "$U/customers.json"',
    ]);
  });

  it('Procfile commands; justfile recipe bodies with {{x}} as a parameter, not a python recipe nor assignments', () => {
    expect(seen('Procfile', 'web: node server.js\nrelease: curl "$U/agents.json"\n')).toEqual(['node server.js', 'curl "$U/agents.json"', '']);
    const just = ['fd := "https://a.freshdesk.com"', '', '# doc', 'drop id:', '    @curl -X DELETE {{fd}}/contacts/{{ id }}.json', '', 'py:', '    #!/usr/bin/env python3', '    print("{{fd}}/agents.json")', 'set shell := ["bash", "-c"]'].join('\n');
    expect(seen('justfile', just)).toEqual(['', '', '', '', 'curl -X DELETE ${fd_}/contacts/${id___}.json', '', '', '', '', '']);
  });
});

describe('other YAML: only the keys a shell or the runtime runs', () => {
  it('compose: command: sh -c, a healthcheck argv (CMD-SHELL, CMD), $$ escapes; labels and other keys blank', () => {
    const text = [
      'services:',
      '  a:',
      "    command: sh -c 'curl $$U/agents.json'",
      '    healthcheck:',
      '      test: ["CMD", "curl", "-f", "http://x/groups.json"]',
      '    labels:',
      '      run: /helpdesk/tickets.json',
      '  b:',
      '    healthcheck:',
      '      test: ["CMD-SHELL", "curl -f $${U}/contacts.json"]',
      '    entrypoint: ["node", "/helpdesk/tickets.json"]',
    ].join('\n');
    expect(seen('docker-compose.yml', text)).toEqual(['', '', 'curl $U_/agents.json', '', 'curl   "-f"  "http://x/groups.json"', '', '', '', '', 'curl -f ${U_}/contacts.json', '']);
  });

  it('Kubernetes: command/args argv (flow and block lists, the script in args:), no args of a non-shell command', () => {
    const text = [
      'spec:',
      '  containers:',
      '    - command: ["/bin/sh", "-c"]',
      '      args:',
      '        - |',
      '          curl "$U/agents.json"',
      '    - command:',
      '        - curl',
      '        - "$U/groups.json"',
      '    - args: ["--serve", "/helpdesk/tickets.json"]',
      '      command: ["sh", "-c", "curl $U/contacts.json"]',
    ].join('\n');
    expect(seen('k8s/job.yaml', text)).toEqual(['', '', '', '', '', 'curl "$U/agents.json"', '', 'curl\\', '"$U/groups.json"', '', 'curl $U/contacts.json']);
  });

  it('Ansible shell:/command: (a folded block) with {{ }} parameters; Taskfile cmds: and cmd:; route paths, stub urls and run: labels blank', () => {
    const ansible = ['- hosts: all', '  tasks:', '    - ansible.builtin.shell: >', '        curl -X PUT', '        {{ fd }}/helpdesk/tickets/{{ id }}.json', '    - command: curl {{fd}}/agents.json', '    - copy:', '        dest: /srv/helpdesk/tickets.json'].join('\n');
    expect(seen('play.yml', ansible)).toEqual(['', '', '', 'curl -X PUT\\', '${fd___}/helpdesk/tickets/${id___}.json', 'curl ${fd_}/agents.json', '', '']);
    const task = ['tasks:', '  a:', '    cmds:', '      - curl "$U/groups.json"', '      - cmd: curl "$U/agents.json"', '        silent: true'].join('\n');
    expect(seen('Taskfile.yml', task)).toEqual(['', '', '', 'curl "$U/groups.json"', 'curl "$U/agents.json"', '']);
    expect(shellSource('config/routes.yaml', 'x:\n  path: /helpdesk/tickets.json\n  url: /agents.json\n  run: /groups.json\n').trim()).toBe('');
  });

  it("GitHub: an actions/github-script step's script is JavaScript (not shell), at the file's offsets", () => {
    const text = [
      'jobs:',
      '  a:',
      '    steps:',
      '      - uses: actions/github-script@v7',
      '        with:',
      '          script: |',
      "            const r = await fetch(`${{ vars.FD }}/contacts.json`);",
      '            return r.json();',
      '      - run: curl "$U/agents.json"',
    ].join('\n');
    expect(seen('.github/workflows/a.yml', text)).toEqual(['', '', '', '', '', '', '', '', 'curl "$U/agents.json"']);
    const js = githubScriptSource('.github/workflows/a.yml', text)!;
    expect(js.length).toBe(text.length);
    expect(js.split('\n').map((l) => l.trim())).toEqual(['', '', '', '', '', '', 'const r = await fetch(`$vars_FD______/contacts.json`);', 'return r.json();', '']);
    expect(githubScriptSource('.github/workflows/b.yml', 'jobs:\n  a:\n    steps:\n      - run: echo\n')).toBe(null);
  });
});

describe('Jenkinsfile', () => {
  it("sh '…', sh \"\"\"…\"\"\" and sh(script: …) steps; Groovy ${env.X} is a parameter", () => {
    const text = ['stage("x") {', "  sh 'npm ci'", '  sh """', '    curl ${env.FD_URL}/groups.json', '  """', "  sh(script: 'curl $U/agents.json', returnStdout: true)", '}'].join('\n');
    expect(seen('Jenkinsfile', text)).toEqual(['', 'npm ci', '', 'curl ${env_FD_URL}/groups.json', '', 'curl $U/agents.json', '']);
  });
});
