// `npm run lint`: typed rules from typescript-eslint, the rules of hooks, and the layers of layers.json
// enforced through eslint-plugin-import-x. test/unit/layering.test.ts checks the same layers from the source
// itself, and is the one check of import cycles (type-only imports included, the tests' files too):
// import-x/no-cycle took a fifth of the lint's rule time to say the same.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './layers.json' with { type: 'json' };

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const TOP = ['src-shared', 'src-main', 'src-preload', 'src-renderer'];
const SOURCE = ['src-*/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', '*.config.ts'];

/** Folders and files directly inside a top-level folder. */
function entries(top) {
  const all = readdirSync(path.join(ROOT, top), { withFileTypes: true });
  return {
    folders: all.filter((e) => e.isDirectory()).map((e) => e.name),
    files: all.filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name)).map((e) => e.name),
  };
}

/** import-x/no-restricted-paths zones: each folder may import only its own layer's folder and lower layers. */
function layerZones() {
  const zones = [];
  for (const top of TOP) {
    const order = layers[top];
    const { folders, files } = entries(top);
    const listed = order.flat();
    order.forEach((layer, rank) => {
      for (const folder of layer) {
        const above = order
          .slice(rank)
          .flat()
          .filter((other) => other !== folder);
        for (const other of above) {
          zones.push({
            target: `./${top}/${folder}`,
            from: `./${top}/${other}`,
            message: `${top}/${folder} sits below or beside ${top}/${other} in layers.json and may not import it.`,
          });
        }
        for (const file of files) {
          zones.push({
            target: `./${top}/${folder}`,
            from: `./${top}/${file}`,
            message: `${top}/${file} is an entry point: nothing inside ${top} imports it.`,
          });
        }
      }
    });
    for (const folder of folders.filter((f) => !listed.includes(f))) {
      zones.push({
        target: `./${top}`,
        from: `./${top}/${folder}`,
        message: `${top}/${folder} has no layer yet: add it to layers.json (see test/README.md).`,
      });
    }
    for (const other of TOP) {
      if (other !== top && other !== 'src-shared') {
        zones.push({
          target: `./${top}`,
          from: `./${other}`,
          message: `${top} may import only src-shared (the renderer reaches main through the typed bridge).`,
        });
      }
    }
  }
  return zones.concat(pageZones());
}

/** Pages are independent of each other: what two pages share lives in components/ or writes/. */
function pageZones() {
  const pages = entries('src-renderer/pages').folders;
  return pages.flatMap((page) =>
    pages
      .filter((other) => other !== page)
      .map((other) => ({
        target: `./src-renderer/pages/${page}`,
        from: `./src-renderer/pages/${other}`,
        message: `A page does not import another page (${page} -> ${other}): move what they share to components/.`,
      })),
  );
}

const electronOnlyIn = ['src-main/index.ts', 'src-main/shell/**', 'src-preload/index.ts'];

/** Inner walls: no function or class body over this many lines (blank lines and comments not counted). */
const MAX_BODY_LINES = 150;

/** Outer walls: no source file over this many lines (blank lines and comments not counted). */
const MAX_FILE_LINES = 400;

/**
 * The bodies still over the limit, each named with why it is allowed to be. A split removes its line here;
 * an entry that no longer matches anything long fails nothing, so keep this list short and current.
 */
const LONG_BODIES_ALLOWED = [
  // None today: a body over the limit is split by job, or named here with the reason it may stay.
];

/** Lines that hold code between two tokens, both included (blank lines and comment-only lines not counted). */
function codeLines(code, node) {
  const counted = new Set();
  for (const token of code.getTokens(node, { includeComments: false })) {
    for (let line = token.loc.start.line; line <= token.loc.end.line; line += 1) counted.add(line);
  }
  return counted.size;
}

/** A test file's `describe(..., () => {...})` callback: a list of tests, not a function with one job. */
function isDescribeBody(node) {
  const call = node.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(node)) return false;
  const callee = call.callee.type === 'MemberExpression' ? call.callee.object : call.callee;
  return callee.type === 'Identifier' && callee.name === 'describe';
}

/**
 * `max-class-lines`: ESLint's max-lines-per-function counts functions only; a class is a unit too.
 * `max-test-function-lines`: max-lines-per-function for test files, where a describe's body only groups tests
 * (each test, hook and helper inside it is still held to the limit).
 */
const innerWalls = {
  rules: {
    'max-test-function-lines': {
      meta: { type: 'suggestion', schema: [{ type: 'integer', minimum: 1 }] },
      create(context) {
        const max = context.options[0] ?? MAX_BODY_LINES;
        const check = (node) => {
          if (isDescribeBody(node)) return;
          const lines = codeLines(context.sourceCode, node);
          if (lines > max) {
            const name = node.id?.name ?? 'A function';
            context.report({ node, message: `${name} has ${lines} lines; at most ${max}: split it by job.` });
          }
        };
        return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
      },
    },
    'max-class-lines': {
      meta: { type: 'suggestion', schema: [{ type: 'integer', minimum: 1 }] },
      create(context) {
        const max = context.options[0] ?? MAX_BODY_LINES;
        const code = context.sourceCode;
        return {
          ClassBody(node) {
            const lines = codeLines(code, node) - 2;
            if (lines > max) {
              const name = node.parent.id?.name ?? 'A class';
              context.report({
                node: node.parent,
                message: `${name} has ${lines} lines; at most ${max}: split it by job.`,
              });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'release/', 'test-results/', '.bench/', '.tmp/', '.scratch/'] },
  {
    files: SOURCE,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json') })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // An async function turns a throw into a rejection: handlers are async for that even without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Rejecting with an AbortSignal's reason (typed any) is the platform's own convention.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message']",
          message: 'Use errorMessage() from src-main/errors/error-message.ts.',
        },
      ],
    },
  },
  {
    files: ['src-*/**/*.{ts,tsx}'],
    ignores: electronOnlyIn,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'Only src-main/index.ts, src-main/shell/ and the preload entry import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: SOURCE,
    rules: {
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src-*/**/*.{ts,tsx}', '*.config.ts'],
    ignores: LONG_BODIES_ALLOWED,
    plugins: { 'inner-walls': innerWalls },
    rules: {
      'max-lines-per-function': ['error', { max: MAX_BODY_LINES, skipBlankLines: true, skipComments: true }],
      'inner-walls/max-class-lines': ['error', MAX_BODY_LINES],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    plugins: { 'inner-walls': innerWalls },
    rules: {
      'inner-walls/max-test-function-lines': ['error', MAX_BODY_LINES],
      'inner-walls/max-class-lines': ['error', MAX_BODY_LINES],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'electron', 'electron/*'],
              message: 'src-shared stays pure.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      // react-hook-form and zustand hand out functions that need no `this`; the rule cannot tell.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests read JSON bodies and drive pages through loosely typed handles; the unsafe-any family would
    // only add casts there. Everything else applies to tests as to the product.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
