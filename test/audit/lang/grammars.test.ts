/**
 * The runtime and the prebuilt grammars come from two packages whose versions must agree (a
 * grammar built for another tree-sitter ABI fails to load): every grammar the audit uses loads
 * and parses a line of its language.
 */
import { describe, expect, it } from 'vitest';
import { GRAMMAR_FILES, grammarFailure, loadGrammar, parserFor } from '../../../src/audit/lang/grammars.ts';
import type { Language } from '../../../src/audit/model.ts';

const SAMPLES: Record<string, string> = {
  python: 'requests.get("/helpdesk/tickets.json")\n',
  php: '<?php curl_init("/helpdesk/tickets.json");\n',
  ruby: 'RestClient.get "/helpdesk/tickets.json"\n',
  csharp: 'class A { void B() { client.GetAsync("/helpdesk/tickets.json"); } }\n',
  java: 'class A { void b() { new HttpGet("/helpdesk/tickets.json"); } }\n',
  kotlin: 'fun b() = client.get("/helpdesk/tickets.json")\n',
  go: 'package a\nfunc b() { http.Get("/helpdesk/tickets.json") }\n',
  shell: 'curl "$FD/helpdesk/tickets.json"\n',
};

describe('tree-sitter grammars', () => {
  it('covers the eight languages of the syntax audit', () => {
    expect(Object.keys(GRAMMAR_FILES).sort()).toEqual(['csharp', 'go', 'java', 'kotlin', 'php', 'python', 'ruby', 'shell']);
  });

  for (const lang of Object.keys(GRAMMAR_FILES) as Language[]) {
    it(`${lang}: loads and parses without errors`, async () => {
      const ok = await loadGrammar(lang);
      expect(grammarFailure(lang)).toBeUndefined();
      expect(ok).toBe(true);
      const tree = parserFor(lang)!.parse(SAMPLES[lang]!);
      expect(tree.rootNode.hasError).toBe(false);
      expect(tree.rootNode.text).toContain('/helpdesk/tickets.json');
      tree.delete();
    });
  }
});
