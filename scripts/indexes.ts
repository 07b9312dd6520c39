import fs from 'node:fs';
import { indexFileContent } from '../functions/src/indexes.js';

// `npm run indexes`: writes firestore.indexes.json from the areas' list shapes (Area.pageShapes).
const file = new URL('../firestore.indexes.json', import.meta.url);
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
const after = indexFileContent();
fs.writeFileSync(file, after);
const count = (text: string) => (text ? (JSON.parse(text) as { indexes: unknown[] }).indexes.length : 0);
console.log(
  before === after
    ? `firestore.indexes.json is up to date (${count(after)} composite indexes)`
    : `firestore.indexes.json written: ${count(before)} → ${count(after)} composite indexes`,
);
