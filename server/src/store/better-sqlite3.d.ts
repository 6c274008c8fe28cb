/**
 * The part of better-sqlite3's API the store uses (the package ships no types and
 * @types/better-sqlite3 is not a dependency).
 */
declare module 'better-sqlite3' {
  namespace BetterSqlite3 {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement<P extends unknown[] = unknown[], R = unknown> {
      run(...params: P): RunResult;
      get(...params: P): R | undefined;
      all(...params: P): R[];
    }
    interface Options {
      readonly?: boolean;
      fileMustExist?: boolean;
      timeout?: number;
      /** Called with each statement run. */
      verbose?: (sql: unknown) => void;
    }
    interface Database {
      readonly name: string;
      readonly open: boolean;
      readonly inTransaction: boolean;
      prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R>;
      exec(sql: string): this;
      pragma(sql: string, options?: { simple?: boolean }): unknown;
      transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T;
      close(): this;
    }
  }
  const Database: {
    new (filename: string, options?: BetterSqlite3.Options): BetterSqlite3.Database;
  };
  export default Database;
}
