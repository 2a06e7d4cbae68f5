// Tests run with NODE_ENV=test: quiet logs, fast defaults. DATABASE_URL, when set, points at a real
// PostgreSQL server on which every test file gets its own fresh database.
process.env.NODE_ENV = 'test';
