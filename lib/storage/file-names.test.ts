import path from "node:path";
import { describe, expect, it } from "vitest";
import { displayName, fileUrl, safeFileName } from "./file-names";

const SAFE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

describe("safeFileName", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["../../etc/passwd", "passwd"],
    ["..\\..\\windows\\system32\\config", "config"],
    ["/absolute/path/id_rsa", "id_rsa"],
    ["uploads/../../../secret.txt", "secret.txt"],
    ["..", "file"],
    [".", "file"],
    ["/", "file"],
    ["", "file"],
    ["...", "file"],
    [".htaccess", "file.htaccess"],
    ["-rf", "rf"],
    ["a\u0000b.txt", "a-b.txt"],
    ["evil.php\u0000.jpg", "evil.php.jpg"],
    ["line\nbreak.txt", "line-break.txt"],
    ["my cv (final).docx", "my-cv-final.docx"],
    ["café résumé.pdf", "cafe-resume.pdf"],
    ["日本語.pdf", "file.pdf"],
    ["Ünïcödé 文件.txt", "Unicode.txt"],
    // Full-width dots and slash become "../" only after normalisation: still no path.
    ["\uff0e\uff0e\uff0f\uff0e\uff0e\uff0fetc", "etc"],
    ["emoji-\u{1F600}.png", "emoji.png"],
  ])("%j → %j", (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it("never yields a name that leaves its folder, whatever it is given", () => {
    const tricky = ["../", "..%2f..%2f", "....//....//", "a/../../b", "\\\\server\\share\\x", "\u202eexe.txt", "x".repeat(500), `${".".repeat(150)}x`];
    for (const name of tricky) {
      const safe = safeFileName(name);
      expect(safe).toMatch(SAFE);
      expect(path.posix.join("root", safe).startsWith("root/")).toBe(true);
      expect(path.posix.normalize(path.posix.join("root", safe))).toBe(`root/${safe}`);
    }
  });

  it("keeps the end of a long name, extension included, at most 100 characters", () => {
    const safe = safeFileName(`${"a".repeat(300)}.pdf`);
    expect(safe).toHaveLength(100);
    expect(safe.endsWith(".pdf")).toBe(true);
    // A cut that would start with a dot does not make a hidden file.
    expect(safeFileName(`${"b".repeat(200)}.${"c".repeat(99)}`)).toBe("c".repeat(99));
  });
});

describe("displayName", () => {
  it("keeps what the user typed, without control characters, trimmed, at most 200 characters", () => {
    expect(displayName("  ../../etc/passwd ")).toBe("../../etc/passwd");
    expect(displayName("Zeugnis für Jürgen.pdf")).toBe("Zeugnis für Jürgen.pdf");
    expect(displayName("a\u0000b\nc\u007f")).toBe("abc");
    expect(displayName("x".repeat(300))).toHaveLength(200);
  });
});

describe("fileUrl", () => {
  it("places the key under /files of the origin", () => {
    expect(fileUrl("https://cas.example", "d1/people/p1/f1/cv.pdf")).toBe("https://cas.example/files/d1/people/p1/f1/cv.pdf");
  });
});
