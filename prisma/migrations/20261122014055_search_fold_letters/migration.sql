-- Writing search documents spent most of its time in translate(), which scans the whole table
-- for every character of every text. Fold letters and digits only (fullwidth punctuation is a
-- separator either way), and translate only text that holds a character to fold; skip the
-- per-character bigram pass for text without CJK. lib/search/fold.ts holds the same table.
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN t ~ '[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\u00c0-\u017f]' THEN
    replace(replace(replace(replace(replace(translate(t,
      '０１２３４５６７８９ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđĦħŁłŦŧ',
      '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzAAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoDdHhLlTt'),
      'ß', 'ss'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE')
  ELSE t END
$$;

CREATE OR REPLACE FUNCTION search_cjk_vector(t text, w "char") RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN t !~ '[\u3041-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\U00020000-\U0002a6df]' THEN ''::tsvector ELSE (
    SELECT coalesce(setweight(string_agg('''' || a || CASE WHEN search_is_cjk(ascii(b)) THEN b ELSE '' END || ''':' || i, ' ')::tsvector, w), ''::tsvector)
    FROM (SELECT string_to_array(t, NULL) AS ch) s
    CROSS JOIN LATERAL unnest(s.ch, s.ch[2:]) WITH ORDINALITY AS u(a, b, i)
    WHERE search_is_cjk(ascii(a))
  ) END
$$;

-- Fullwidth punctuation between Latin letters is now a separator: rebuild the documents.
SELECT search_index_products(ARRAY(SELECT "productId" FROM "ProductSearchDocument"));
