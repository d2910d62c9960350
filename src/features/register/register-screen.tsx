export function RegisterScreen() {
  return (
    <main className="screen">
      <h1>注册账号</h1>
    </main>
  );
}
