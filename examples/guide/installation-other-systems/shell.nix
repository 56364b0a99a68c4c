# Nix: a shell with Drogon from nixpkgs, and what building a Drogon project needs. Enter it with
# nix-shell in the project's folder. Not run by the site's tests (no Nix here).
{ pkgs ? import <nixpkgs> { } }:
pkgs.mkShell {
  nativeBuildInputs = [ pkgs.cmake pkgs.gnumake ];
  # The package builds Drogon with SQLite3 only unless told otherwise: the parts this site's Drogon has.
  buildInputs = [
    (pkgs.drogon.override {
      sqliteSupport = true;
      postgresSupport = true;
      redisSupport = true;
    })
  ];
}
