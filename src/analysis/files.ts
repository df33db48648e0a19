/**
 * What a run over files says about them, shared by the tools that walk a tree (audit, codemod):
 * the language of a file, a file left out and why, a marker comment found in the code.
 */

export type Language =
  | 'javascript'
  | 'typescript'
  | 'python'
  | 'php'
  | 'ruby'
  | 'coffeescript'
  | 'shell'
  | 'java'
  | 'csharp'
  | 'vb'
  | 'go'
  | 'kotlin'
  | 'perl'
  | 'html'
  | 'json';

export interface MarkerRecord {
  file: string;
  line: number;
  column: number;
  type: 'todo' | 'ignore';
  rule: string;
  text: string;
}

export interface SkippedFile {
  file: string;
  /**
   * binary/huge/unreadable/minified/archive: not read. dependency (node_modules, vendor) and
   * generated (build output folders): whole folders, listed once with a trailing slash.
   * parse-error: the syntax tree could not be built; the file was audited by pattern instead.
   * unsafe: the codemod will not rewrite it (a symbolic link, text that is not UTF-8, mixed line
   * endings): left untouched.
   */
  reason: 'binary' | 'huge' | 'unreadable' | 'parse-error' | 'minified' | 'archive' | 'dependency' | 'generated' | 'unsafe';
  detail?: string;
}
