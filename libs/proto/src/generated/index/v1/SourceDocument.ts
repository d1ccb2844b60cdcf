// Original file: proto/index/v1/index_source.proto


export interface SourceDocument {
  /**
   * client | lead | shoot | gallery | album | order
   */
  'type'?: (string);
  /**
   * The record's UUID (the same id its domain events carry as <type>_id).
   */
  'id'?: (string);
  'workspace_id'?: (string);
  /**
   * Display title; empty means "derive it from fields" the way events are mapped (e.g. a client's name).
   */
  'title'?: (string);
  /**
   * The record's public JSON members as strings, named as in the API and in domain events: name, email,
   * phone, notes, location, slug, description, number, status, ... Members search does not index are ignored.
   */
  'fields'?: ({[key: string]: string});
  /**
   * The record's updated_at, ISO 8601 UTC (e.g. 2026-11-22T14:28:35.123Z): a document is replaced only by a
   * newer version, whichever way (event or rebuild) it arrives.
   */
  'updated_at'?: (string);
  'deleted'?: (boolean);
}

export interface SourceDocument__Output {
  /**
   * client | lead | shoot | gallery | album | order
   */
  'type': (string);
  /**
   * The record's UUID (the same id its domain events carry as <type>_id).
   */
  'id': (string);
  'workspace_id': (string);
  /**
   * Display title; empty means "derive it from fields" the way events are mapped (e.g. a client's name).
   */
  'title': (string);
  /**
   * The record's public JSON members as strings, named as in the API and in domain events: name, email,
   * phone, notes, location, slug, description, number, status, ... Members search does not index are ignored.
   */
  'fields': ({[key: string]: string});
  /**
   * The record's updated_at, ISO 8601 UTC (e.g. 2026-11-22T14:28:35.123Z): a document is replaced only by a
   * newer version, whichever way (event or rebuild) it arrives.
   */
  'updated_at': (string);
  'deleted': (boolean);
}
