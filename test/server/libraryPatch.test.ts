import { describe, expect, it } from 'vitest';
import { replaceMethod } from '../../server/src/rooms/libraryPatch';

describe('a library method is replaced only in the version it was written for (libraryPatch.ts)', () => {
  const ours = function (this: { n: number }) {
    return this.n * 2;
  };

  it('replaces a method whose source is the expected one, comments and whitespace aside', () => {
    class Lib {
      n = 2;
      twice() {
        // the library's own comment
        return this.n + this.n;
      }
    }
    expect(replaceMethod(Lib.prototype, 'twice', '{ return this.n   +   this.n; }', ours)).toBe(true);
    expect(Lib.prototype.twice).toBe(ours);
  });

  it('leaves a method of another source, or a missing one, as it is', () => {
    class Lib {
      n = 2;
      twice() {
        return 2 * this.n;
      }
    }
    const theirs = Lib.prototype.twice;
    expect(replaceMethod(Lib.prototype, 'twice', '{ return this.n + this.n; }', ours)).toBe(false);
    expect(Lib.prototype.twice).toBe(theirs);
    expect(replaceMethod(Lib.prototype, 'thrice', '{ return this.n + this.n; }', ours)).toBe(false);
    expect((Lib.prototype as unknown as Record<string, unknown>).thrice).toBeUndefined();
  });
});
