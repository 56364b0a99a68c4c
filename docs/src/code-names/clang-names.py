#!/usr/bin/python3
# The compiler's view of one translation unit of the guide, for docs/src/code-names/clang-names.js:
# clang's front end (libclang 14 through Debian's python3-clang-14) parses the file with the compile
# command CMake wrote, and for every identifier on the lines asked for, says which declaration it
# refers to. Reads one JSON request on stdin, writes one JSON answer on stdout:
#
#   request: { "file": TU path, "args": [compiler arguments], "interest": { path: [[first, last], ...] },
#              "libraryRoots": [include folders whose classes are described with their public members] }
#   answer:  { "clang": version, "diagnostics": [{ severity, file, line, column, message }],
#              "files": [paths of "interest" found in this TU],
#              "occurrences": [[path, line, byte column, name, declaration key or null, cursor kind]],
#              "declarations": { key: { name, kind, qualified, file, line, column, signature, comment,
#                                       access, parent, members, bases } } }
#
# A declaration's key is where it is spelled (path:line:column), so the same declaration seen from
# two translation units (or as a template and its instantiation) is one record.
import json
import os
import re
import sys

import clang.cindex as ci

K = ci.CursorKind
CLASS_KINDS = {K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
FUNCTION_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.FUNCTION_TEMPLATE, K.CONVERSION_FUNCTION}
MEMBER_KINDS = FUNCTION_KINDS | CLASS_KINDS | {K.FIELD_DECL, K.VAR_DECL, K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL,
                                               K.TYPE_ALIAS_TEMPLATE_DECL, K.ENUM_DECL}
# Words clang tokenizes as identifiers that name nothing a reader would look up.
CONTEXTUAL_KEYWORDS = {'override', 'final', 'import', 'module'}
EXPORT_MACROS = re.compile(r'\b(?:DROGON_EXPORT|TRANTOR_EXPORT)\s*')
# What the C and C++ libraries' headers wrap declarations in, which says nothing to a reader.
LIBRARY_MACROS = re.compile(r'\b(?:_GLIBCXX_[A-Z0-9_]+|__THROW|__wur|__attribute_[a-z_]+__|__nonnull\s*\(\([^)]*\)\)|'
                            r'__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\))(?:\s*\([^()]*\))?')
MAX_SIGNATURE = 400

_lines_cache = {}


def file_bytes(path):
    if path not in _lines_cache:
        with open(path, 'rb') as f:
            _lines_cache[path] = f.read()
    return _lines_cache[path]


def file_lines(path):
    return file_bytes(path).decode('utf-8', 'replace').split('\n')


def where(cursor):
    loc = cursor.location
    return (loc.file.name if loc.file else None, loc.line, loc.column)


def key_of(cursor):
    if cursor.kind == K.NAMESPACE:
        return 'namespace:' + '::'.join(qualified(cursor))
    path, line, column = where(cursor)
    if path is None:
        return None
    return '%s:%d:%d' % (path, line, column)


def qualified(cursor):
    names = []
    c = cursor
    while c is not None and c.kind != K.TRANSLATION_UNIT:
        if c.spelling:
            names.append(c.spelling)
        elif c.kind == K.NAMESPACE:
            names.append('(anonymous namespace)')
        c = c.semantic_parent
    return list(reversed(names))


def kind_name(cursor):
    k = cursor.kind
    parent = cursor.semantic_parent
    in_class = parent is not None and parent.kind in CLASS_KINDS
    if k in (K.CLASS_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
        return 'class'
    if k == K.STRUCT_DECL:
        return 'struct'
    if k == K.UNION_DECL:
        return 'union'
    if k == K.ENUM_DECL:
        return 'enum'
    if k == K.ENUM_CONSTANT_DECL:
        return 'enumerator'
    if k == K.CONSTRUCTOR:
        return 'constructor'
    if k == K.DESTRUCTOR:
        return 'destructor'
    if k in (K.CXX_METHOD, K.CONVERSION_FUNCTION) or (k == K.FUNCTION_TEMPLATE and in_class):
        return 'method'
    if k in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return 'function'
    if k == K.FIELD_DECL:
        return 'field'
    if k == K.VAR_DECL:
        if in_class:
            return 'field'
        if parent is not None and parent.kind in (K.NAMESPACE, K.TRANSLATION_UNIT):
            return 'variable'
        return 'local'
    if k == K.PARM_DECL:
        return 'parameter'
    if k in (K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.TYPE_ALIAS_TEMPLATE_DECL):
        return 'type alias'
    if k in (K.NAMESPACE, K.NAMESPACE_ALIAS):
        return 'namespace'
    if k == K.MACRO_DEFINITION:
        return 'macro'
    if k in (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER):
        return 'template parameter'
    if k == K.LABEL_STMT:
        return 'label'
    return k.name.lower()


def strip_comments(text):
    return re.sub(r'//[^\n]*|/\*.*?\*/', ' ', text, flags=re.S)


LIBRARY_KEYWORDS = [(re.compile(r'\b_GLIBCXX(?:_USE)?_(?:NOEXCEPT|NOTHROW)\b'), 'noexcept'),
                    (re.compile(r'\b_GLIBCXX(?:\d\d)?_CONSTEXPR\b'), 'constexpr')]


def tidy(text):
    text = '\n'.join(line for line in text.split('\n') if not line.lstrip().startswith('#'))
    for pattern, keyword in LIBRARY_KEYWORDS:
        text = pattern.sub(keyword, text)
    text = LIBRARY_MACROS.sub('', EXPORT_MACROS.sub('', strip_comments(text)))
    text = re.sub(r'\s+', ' ', text).strip()
    text = re.sub(r'\(\s+', '(', text)
    text = re.sub(r'\s+\)', ')', text)
    text = re.sub(r'\s+,', ',', text)
    if len(text) > MAX_SIGNATURE:
        text = text[:MAX_SIGNATURE - 1] + '…'
    return text


def macro_signature(cursor):
    path, line, column = where(cursor)
    if path is None:
        return '#define ' + cursor.spelling
    data = file_bytes(path)
    start = cursor.extent.start.offset
    rest = data[start:cursor.extent.end.offset].decode('utf-8', 'replace')
    name = cursor.spelling
    after = rest[len(name):]
    if after.startswith('('):
        close = after.find(')')
        return '#define ' + name + tidy(after[:close + 1])
    return '#define ' + name


def signature(cursor):
    """The declaration as the header writes it, without its body, comments or initializer list."""
    if cursor.kind == K.MACRO_DEFINITION:
        return macro_signature(cursor)
    if cursor.kind == K.NAMESPACE:
        return 'namespace ' + '::'.join(qualified(cursor))
    tokens = list(cursor.get_tokens())
    if not tokens or tokens[0].location.file is None:
        return cursor.displayname or cursor.spelling
    path = tokens[0].location.file.name
    is_function = cursor.kind in FUNCTION_KINDS
    depth = 0
    seen_params = False
    last = None
    for t in tokens:
        s = t.spelling
        if s in ('(', '['):
            depth += 1
        elif s in (')', ']'):
            depth -= 1
            if depth == 0 and is_function:
                seen_params = True
        elif depth == 0:
            if s == '{' or s == ';':
                break
            if s == ':' and cursor.kind == K.CONSTRUCTOR and seen_params:
                break
            if s == '=' and cursor.kind in (K.FIELD_DECL, K.VAR_DECL, K.PARM_DECL) and cursor.semantic_parent is not None \
                    and cursor.semantic_parent.kind not in CLASS_KINDS and cursor.kind != K.VAR_DECL:
                break
        if t.location.file is None or t.location.file.name != path:
            break
        last = t
    if last is None:
        return cursor.displayname or cursor.spelling
    data = file_bytes(path)
    text = data[tokens[0].extent.start.offset:last.extent.end.offset].decode('utf-8', 'replace')
    return tidy(text)


COMMENT_LINE = re.compile(r'^\s*//')


def clean_comment(lines):
    out = []
    for raw in lines:
        s = raw.strip()
        s = re.sub(r'^/\*[*!]?<?', '', s)
        s = re.sub(r'\*/$', '', s)
        s = re.sub(r'^//[/!]?<?', '', s)
        s = re.sub(r'^\*(?!/)', '', s)
        out.append(s.rstrip())
    while out and out[0].strip() == '':
        out.pop(0)
    while out and out[-1].strip() == '':
        out.pop()
    text = '\n'.join(line[1:] if line.startswith(' ') else line for line in out)
    text = re.sub(r'[@\\]brief\s+', '', text)
    return text or None


def comment_of(cursor):
    """The comment right above a declaration (no blank line between), or its trailing ///< comment."""
    extent = cursor.extent
    if extent.start.file is None:
        return None
    path = extent.start.file.name
    lines = file_lines(path)
    start_line = extent.start.line
    if cursor.kind == K.MACRO_DEFINITION:
        start_line = cursor.location.line
    i = start_line - 2
    collected = []
    while i >= 0:
        s = lines[i].strip()
        if s.startswith('//'):
            collected.insert(0, s)
            i -= 1
            continue
        if s.endswith('*/'):
            j = i
            while j >= 0 and '/*' not in lines[j]:
                j -= 1
            if j < 0 or not lines[j].strip().startswith('/*'):
                break
            collected[0:0] = [line.strip() for line in lines[j:i + 1]]
            i = j - 1
            continue
        break
    # A license header or a file's opening comment is not about the declaration below it.
    if collected and re.search(r'Copyright|@file|License', '\n'.join(collected)):
        collected = []
    if not collected:
        end_line = lines[extent.end.line - 1] if extent.end.line - 1 < len(lines) else ''
        trailing = re.search(r'///<(.*)$|//!<(.*)$', end_line)
        if trailing:
            collected = [trailing.group(0)]
    return clean_comment(collected) if collected else None


def access_of(cursor):
    try:
        a = cursor.access_specifier
    except Exception:
        return None
    if a == ci.AccessSpecifier.PUBLIC:
        return 'public'
    if a == ci.AccessSpecifier.PROTECTED:
        return 'protected'
    if a == ci.AccessSpecifier.PRIVATE:
        return 'private'
    return None


def in_roots(cursor, roots):
    path = where(cursor)[0]
    return path is not None and any(path.startswith(r) for r in roots)


def preferred(cursor):
    """The declaration to show for a reference: a class's definition, a function's definition where
    the program has it (the example's own functions), else its first declaration."""
    if cursor is None:
        return None
    if cursor.kind in (K.MACRO_DEFINITION, K.NAMESPACE):
        return cursor
    d = cursor.get_definition()
    if d is not None and d.location.file is not None:
        return d
    c = cursor.canonical
    return c if c is not None and c.location.file is not None else cursor


class Declarations:
    def __init__(self, roots):
        self.roots = roots
        self.records = {}

    def record(self, cursor, describe_members=True):
        key = key_of(cursor)
        if key is None:
            return None
        if key in self.records:
            rec = self.records[key]
            if describe_members and rec.get('members') is None and self._describable(cursor):
                self._members(cursor, rec)
            return key
        path, line, column = where(cursor)
        parent = cursor.semantic_parent
        rec = {
            'name': cursor.spelling,
            'kind': kind_name(cursor),
            'qualified': qualified(cursor),
            'file': path,
            'line': line,
            'column': column,
            'signature': signature(cursor),
        }
        library = in_roots(cursor, self.roots)
        if library:
            rec['comment'] = comment_of(cursor)
            access = access_of(cursor)
            if access:
                rec['access'] = access
        self.records[key] = rec
        if library and parent is not None and (parent.kind in CLASS_KINDS or parent.kind == K.ENUM_DECL):
            rec['parent'] = self.record(preferred(parent), describe_members=True)
        if describe_members and self._describable(cursor):
            self._members(cursor, rec)
        return key

    def _describable(self, cursor):
        return (cursor.kind in CLASS_KINDS or cursor.kind == K.ENUM_DECL) and in_roots(cursor, self.roots)

    def _members(self, cursor, rec):
        definition = cursor.get_definition() or cursor
        rec['members'] = []
        rec['bases'] = []
        for child in definition.get_children():
            if child.kind == K.CXX_BASE_SPECIFIER:
                rec['bases'].append(tidy(child.spelling))
                continue
            if child.kind == K.ENUM_CONSTANT_DECL or (child.kind in MEMBER_KINDS and access_of(child) == 'public'):
                if not child.spelling:
                    continue
                # A nested enum with its values; a nested class by its declaration only.
                member_key = self.record(child, describe_members=child.kind == K.ENUM_DECL)
                if member_key:
                    rec['members'].append(member_key)


def identifier_tokens(tu, source_file, first, last):
    """Identifier tokens on lines first..last of a file, with their annotated cursors."""
    start = ci.SourceLocation.from_position(tu, source_file, first, 1)
    lines = file_lines(source_file.name)
    end_line = min(last, len(lines))
    end = ci.SourceLocation.from_position(tu, source_file, end_line, len(lines[end_line - 1].encode('utf-8')) + 1)
    for token in tu.get_tokens(extent=ci.SourceRange.from_locations(start, end)):
        if token.kind == ci.TokenKind.IDENTIFIER and first <= token.location.line <= last:
            yield token


def reference_map(tu, paths):
    """(path, line, column) -> the cursors that refer to something from there, for every such cursor of
    the top-level declarations in the given files. Tokens that clang does not annotate (operands of a
    C++20 rewritten comparison, a type inside a variable's template arguments) are found here."""
    found = {}
    for top in tu.cursor.get_children():
        start = top.extent.start
        if start.file is None or start.file.name not in paths:
            continue
        for c in top.walk_preorder():
            loc = c.location
            if loc.file is None or loc.file.name not in paths:
                continue
            ref = c.referenced
            if ref is None or ref.spelling == '':
                continue
            found.setdefault((loc.file.name, loc.line, loc.column), []).append(c)
    return found


def resolve(tu, token, references):
    """(declaration cursor or None, cursor kind name) for an identifier token."""
    candidates = [token.cursor]
    try:
        candidates.append(ci.Cursor.from_location(tu, token.location))
    except Exception:
        pass
    loc = token.location
    candidates.extend(references.get((loc.file.name, loc.line, loc.column), []))
    kind = candidates[0].kind.name if candidates[0] is not None else 'NO_CURSOR'
    for c in candidates:
        if c is None:
            continue
        ref = c.referenced
        if ref is not None and ref.spelling == token.spelling:
            return preferred(ref), c.kind.name
        # A constructor call names its class: the class, not the constructor, is what it refers to.
        if ref is not None and ref.kind == K.CONSTRUCTOR and ref.semantic_parent is not None \
                and ref.semantic_parent.spelling == token.spelling:
            return preferred(ref.semantic_parent), c.kind.name
    return None, kind


def clang_version():
    fn = ci.conf.lib.clang_getClangVersion  # not among the bindings' registered functions
    fn.restype = ci._CXString
    fn.errcheck = ci._CXString.from_result
    return fn()


def main():
    request = json.load(sys.stdin)
    index = ci.Index.create()
    options = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    answer = {'clang': clang_version(),
              'diagnostics': [], 'files': [], 'occurrences': [], 'declarations': {}}
    try:
        tu = index.parse(request['file'], args=request['args'], options=options)
    except ci.TranslationUnitLoadError as err:
        answer['diagnostics'].append({'severity': 'fatal', 'file': request['file'], 'line': 0, 'column': 0,
                                      'message': 'libclang could not parse the file: %s' % err})
        json.dump(answer, sys.stdout)
        return
    for d in tu.diagnostics:
        if d.severity >= ci.Diagnostic.Error:
            loc = d.location
            answer['diagnostics'].append({
                'severity': 'fatal' if d.severity == ci.Diagnostic.Fatal else 'error',
                'file': loc.file.name if loc.file else None, 'line': loc.line, 'column': loc.column,
                'message': d.spelling})
    declarations = Declarations(request.get('libraryRoots', []))
    references = None
    # The files this unit reads (libclang hands out a file object for any path, read or not).
    read = {os.path.realpath(tu.spelling)} | {os.path.realpath(i.include.name) for i in tu.get_includes()}
    for path, ranges in request['interest'].items():
        if os.path.realpath(path) not in read:
            continue  # not part of this translation unit
        try:
            source_file = tu.get_file(path)
        except Exception:
            continue
        answer['files'].append(path)
        lines = file_lines(path)
        for first, last in ranges:
            for token in identifier_tokens(tu, source_file, first, last):
                line_text = lines[token.location.line - 1]
                if line_text.lstrip().startswith('#') or token.spelling in CONTEXTUAL_KEYWORDS:
                    continue  # preprocessor lines (header names are not declarations)
                if references is None:
                    references = reference_map(tu, set(request['interest']))
                decl, kind = resolve(tu, token, references)
                if kind in ('UNEXPOSED_ATTR', 'ANNOTATE_ATTR', 'ASM_LABEL_ATTR') or kind.endswith('_ATTR'):
                    continue
                key = declarations.record(decl) if decl is not None else None
                answer['occurrences'].append([path, token.location.line, token.location.column, token.spelling, key, kind])
    answer['declarations'] = declarations.records
    json.dump(answer, sys.stdout)


if __name__ == '__main__':
    main()
