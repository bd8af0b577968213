// Windows resources for a program of the workspace: the icon (packaging/windows/chuhan.ico), the
// version block (name, description, version in Explorer's properties) and the manifest (per-monitor
// DPI awareness v2, so that Windows does not stretch a blurred window on a high-DPI screen; winit
// asks for the same at run time). Compiled with MinGW's windres and linked into the program's
// binaries; nothing happens for other targets. Shared by the build scripts of `chuhan` and
// `xiangqi-engine` with `include!`.

/// Builds and links the resources when the target is Windows: `exe` is the file's name,
/// `description` what Explorer shows for it.
fn windows_resources(root: &std::path::Path, exe: &str, description: &str) {
    let ico = root.join("packaging/windows/chuhan.ico");
    println!("cargo::rerun-if-changed={}", ico.display());
    println!(
        "cargo::rerun-if-changed={}",
        root.join("packaging/windows/resources.rs").display()
    );
    println!("cargo::rerun-if-env-changed=WINDRES");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "windows" {
        return;
    }
    if var("CARGO_CFG_TARGET_ENV") == "msvc" {
        println!("cargo::warning=the MSVC target gets no icon or version block (windres is MinGW's)");
        return;
    }
    let out = std::path::PathBuf::from(var("OUT_DIR"));
    let version = var("CARGO_PKG_VERSION");
    let mut parts: Vec<u32> = version
        .split(['.', '-'])
        .take(3)
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    parts.resize(4, 0);
    let numeric = format!("{},{},{},{}", parts[0], parts[1], parts[2], parts[3]);
    let manifest = out.join("app.manifest");
    std::fs::write(
        &manifest,
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application><supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/></application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2</dpiAwareness>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
</assembly>
"#,
    )
    .expect("write the manifest");
    let slashes = |p: &std::path::Path| p.display().to_string().replace('\\', "/");
    let rc = out.join("resources.rc");
    std::fs::write(
        &rc,
        format!(
            r#"#pragma code_page(65001)
1 ICON "{ico}"
1 24 "{manifest}"
1 VERSIONINFO
FILEVERSION {numeric}
PRODUCTVERSION {numeric}
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "080404B0"
    BEGIN
      VALUE "CompanyName", "The Chuhan developers"
      VALUE "FileDescription", "{description}"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "{exe}"
      VALUE "LegalCopyright", "MIT OR Apache-2.0"
      VALUE "OriginalFilename", "{exe}.exe"
      VALUE "ProductName", "楚汉象棋 Chuhan"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x804, 1200
  END
END
"#,
            ico = slashes(&ico),
            manifest = slashes(&manifest),
        ),
    )
    .expect("write the resource script");
    let object = out.join("resources.o");
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let candidates = [
        var("WINDRES"),
        format!("{arch}-w64-mingw32-windres"),
        "windres".to_owned(),
    ];
    for windres in candidates.iter().filter(|c| !c.is_empty()) {
        let status = std::process::Command::new(windres)
            .arg("--input-format=rc")
            .arg("--output-format=coff")
            .arg("-c")
            .arg("65001")
            .arg("-i")
            .arg(&rc)
            .arg("-o")
            .arg(&object)
            .status();
        match status {
            Ok(s) if s.success() => {
                println!("cargo::rustc-link-arg-bins={}", object.display());
                return;
            }
            Ok(s) => panic!("{windres} failed on {}: {s}", rc.display()),
            Err(_) => continue,
        }
    }
    panic!(
        "no windres found for the Windows resources: install MinGW (Debian: gcc-mingw-w64-x86-64, \
         which tools/package-windows.sh installs) or set WINDRES"
    );
}
