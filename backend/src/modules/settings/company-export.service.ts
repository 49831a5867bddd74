import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../common/http/errors';
import { INTERNAL_TENANT_TABLES } from '../../database/row-level-security';

/** Rows read per query: the export never holds more than one page of a table in memory. */
const PAGE = 1000;
/** Columns never exported (credentials). */
const SECRET_COLUMN = /(^|_)(password|secret)(_|$)|token_hash/;

interface TableInfo {
  name: string;
  columns: string[];
  hasId: boolean;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * One company's data as a JSON document: the company row and the company's rows of every table
 * that has a company_id column (found from the catalogue, so tables added later are included),
 * read page by page in id order and streamed out.
 */
@Injectable()
export class CompanyExportService {
  constructor(private readonly em: EntityManager) {}

  /** The company's code and the document as a stream of text chunks; 404 when there is no such company. */
  async export(companyId: number): Promise<{ companyCode: string; chunks: AsyncGenerator<string> }> {
    const conn = this.em.getConnection();
    const [company] = await conn.execute<Array<Record<string, unknown>>>('select * from companies where id = ?', [companyId]);
    if (!company) throw notFound('Company');
    const tables = await this.tenantTables();
    return { companyCode: String(company.company_code), chunks: this.document(companyId, company, tables) };
  }

  private async tenantTables(): Promise<TableInfo[]> {
    const rows = await this.em.getConnection().execute<Array<{ table_name: string; column_name: string }>>(
      `select c.table_name, c.column_name
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          -- a partition's rows are read through its partitioned table
          and c.table_name not in (select relname from pg_class where relispartition)
          and c.table_name not in (?)
          and c.table_name in (select table_name from information_schema.columns
                                where table_schema = current_schema() and column_name = 'company_id')
        order by c.table_name, c.ordinal_position`,
      [INTERNAL_TENANT_TABLES],
    );
    const tables = new Map<string, TableInfo>();
    for (const r of rows) {
      const table = tables.get(r.table_name) ?? { name: r.table_name, columns: [], hasId: false };
      if (!SECRET_COLUMN.test(r.column_name)) table.columns.push(r.column_name);
      if (r.column_name === 'id') table.hasId = true;
      tables.set(r.table_name, table);
    }
    return [...tables.values()];
  }

  private async *document(companyId: number, company: Record<string, unknown>, tables: TableInfo[]): AsyncGenerator<string> {
    yield `{"format":"hr-platform.company-export","version":1,"exported_at":${JSON.stringify(new Date().toISOString())},`;
    yield `"company":${JSON.stringify(company)},"tables":{`;
    let firstTable = true;
    for (const table of tables) {
      yield `${firstTable ? '' : ','}${JSON.stringify(table.name)}:[`;
      firstTable = false;
      let first = true;
      for await (const rows of this.pages(companyId, table)) {
        for (const row of rows) {
          yield `${first ? '' : ','}${JSON.stringify(row)}`;
          first = false;
        }
      }
      yield ']';
    }
    yield '}}\n';
  }

  /** Keyset pages by id (offset pages for a table without one). */
  private async *pages(companyId: number, table: TableInfo): AsyncGenerator<Array<Record<string, unknown>>> {
    const conn = this.em.getConnection();
    const columns = table.columns.map(quote).join(', ');
    let after: unknown = undefined;
    let offset = 0;
    for (;;) {
      let rows: Array<Record<string, unknown>>;
      if (table.hasId) {
        rows = await conn.execute(
          `select ${columns} from ${quote(table.name)} where company_id = ?${after === undefined ? '' : ' and id > ?'} order by id limit ${PAGE}`,
          after === undefined ? [companyId] : [companyId, after],
        );
        if (rows.length) after = rows[rows.length - 1].id;
      } else {
        rows = await conn.execute(
          `select ${columns} from ${quote(table.name)} where company_id = ? order by 1 limit ${PAGE} offset ${offset}`,
          [companyId],
        );
        offset += rows.length;
      }
      if (rows.length) yield rows;
      if (rows.length < PAGE) return;
    }
  }
}
