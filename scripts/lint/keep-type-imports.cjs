// A Babel plugin for the layer check (.dependency-cruiser.cjs): Babel's TypeScript preset drops
// type-only imports, which the layer table counts as arrows too; each is kept as a bare
// `import "module"`, which the preset leaves in place and the cruiser then sees. It runs on entering
// the program, because that is where the preset drops them.
module.exports = ({ types: t }) => {
  const isType = (node) => node.importKind === "type" || node.exportKind === "type";
  return {
    name: "keep-type-imports",
    visitor: {
      Program(program) {
        for (const statement of program.get("body")) {
          const { node } = statement;
          const typeOnly =
            (statement.isImportDeclaration() || (statement.isExportNamedDeclaration() && node.source)) &&
            (isType(node) || node.specifiers.some(isType));
          if (typeOnly) statement.insertAfter(t.importDeclaration([], t.stringLiteral(node.source.value)));
        }
      },
    },
  };
};
