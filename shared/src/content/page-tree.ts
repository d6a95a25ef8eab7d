// The page tree query as plain data, with no client library: the browser (through urql) and the host
// server (which embeds the tree in the page) ask the content endpoint the same question.

/**
 * The text of the `pages` operation: the page tree below a content root, 4 levels deep, every level
 * asking for the same fields. A plain string as well, so the host server can ask the same question.
 */
export const PAGES_QUERY_SOURCE = `
  fragment PageFields on Page {
    id
    name
    path
    pageTitle
    pageDescription
    requiresAuth
  }

  query pages($path: String!, $lang: String!) {
    item(path: $path, language: $lang) {
      pages {
        ...PageFields
        pages {
          ...PageFields
          pages {
            ...PageFields
            pages {
              ...PageFields
            }
          }
        }
      }
    }
  }
`;
